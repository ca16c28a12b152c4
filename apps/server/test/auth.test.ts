import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, userSkills, users } from "../src/db/schema.ts";
import { hashSessionId } from "../src/plugins/session.ts";
import {
  anonymousHeaders,
  appForFile,
  botCheck,
  cookieFrom,
  createTestApp,
  signUpUser,
  signupBody,
  uniqueEmail,
} from "./helpers.ts";

const app = await appForFile();

async function signup(body: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: "/api/signup",
    headers: await anonymousHeaders(app),
    payload: { ...(await botCheck(app)), ...body },
  });
}

async function login(body: Record<string, unknown>, target = app) {
  return target.inject({
    method: "POST",
    url: "/api/login",
    headers: await anonymousHeaders(target),
    payload: body,
  });
}

describe("POST /api/signup", () => {
  it("creates the account, answers 201 with Me and sets an HttpOnly session cookie", async () => {
    const email = uniqueEmail();
    const response = await signup(
      signupBody({ emailId: email, instagramLink: "https://instagram.com/x" }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.data).toMatchObject({
      firstName: "Test",
      lastName: "User",
      emailId: email,
      role: "member",
      skills: ["Programming", "Chess", "Hiking"],
      instagramLink: "https://instagram.com/x",
      otherLink: null,
      age: null,
      gender: null,
      about: "",
      emailVerified: false,
      twoStep: false,
      // No Accept-Language, no cookie: the sign-up was answered in English.
      locale: "en",
    });
    expect(body.data.photoUrl).toBe(`/api/avatars/${body.data._id}.svg`);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        "_id",
        "about",
        "age",
        "campus",
        "createdAt",
        "emailId",
        "emailVerified",
        "firstName",
        "gender",
        "instagramLink",
        "lastName",
        "learning",
        "locale",
        "moderation",
        "otherLink",
        "photo",
        "photoUrl",
        "role",
        "skills",
        "twoStep",
      ].sort(),
    );
    const cookie = response.cookies.find((c) => c.name === "token");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body).not.toContain("passwordHash");
  });

  it("stores an argon2id hash, only the session id's hash, and one lower-cased skill row per skill", async () => {
    const response = await signup(signupBody({ skills: ["Rust", "Go", "SQL"] }));
    const me = response.json().data;
    const token = cookieFrom(response, "token") ?? "";
    const [row] = await app.db.select().from(users).where(eq(users.id, me._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const stored = await app.db.select().from(sessions).where(eq(sessions.userId, me._id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idHash).toBe(hashSessionId(token));
    expect(stored[0]?.idHash).not.toBe(token);
    const skills = await app.db.select().from(userSkills).where(eq(userSkills.userId, me._id));
    expect(skills.map((s) => s.skill).sort()).toEqual(["go", "rust", "sql"]);
  });

  it("refuses the same email in another case with 409 EMAIL_TAKEN", async () => {
    const email = uniqueEmail();
    expect((await signup(signupBody({ emailId: email }))).statusCode).toBe(201);
    const again = await signup(signupBody({ emailId: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: 0,
      code: "EMAIL_TAKEN",
      message: "An account with this email already exists.",
    });
  });

  it("gives one account and one 409 for two concurrent sign-ups with the same email", async () => {
    const email = uniqueEmail();
    const [a, b] = await Promise.all([
      signup(signupBody({ emailId: email })),
      signup(signupBody({ emailId: email.toUpperCase() })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it("de-duplicates skills regardless of case, keeping the first spelling", async () => {
    const response = await signup(
      signupBody({ skills: ["Chess", "chess", "CHESS", "Go", "Music", " go "] }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.skills).toEqual(["Chess", "Go", "Music"]);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["a missing email", { emailId: undefined }, "emailId"],
    ["a malformed email", { emailId: "not-an-email" }, "emailId"],
    ["a password under 8 characters", { password: "short" }, "password"],
    ["a password over 128 characters", { password: "x".repeat(129) }, "password"],
    ["an empty first name", { firstName: "  " }, "firstName"],
    ["a first name over 50 characters", { firstName: "a".repeat(51) }, "firstName"],
    ["a last name over 50 characters", { lastName: "a".repeat(51) }, "lastName"],
    ["fewer than 3 skills", { skills: ["a", "b"] }, "skills"],
    ["3 skills that are 2 once de-duplicated", { skills: ["Chess", "chess", "Go"] }, "skills"],
    ["more than 20 skills", { skills: Array.from({ length: 21 }, (_, i) => `s${i}`) }, "skills"],
    ["an empty skill", { skills: ["a", "b", ""] }, "skills.2"],
    ["a skill over 30 characters", { skills: ["a", "b", "c".repeat(31)] }, "skills.2"],
    ["a non-http instagram link", { instagramLink: "javascript:alert(1)" }, "instagramLink"],
    ["a malformed other link", { otherLink: "not a url" }, "otherLink"],
  ];
  it.each(invalid)("rejects %s with 400 VALIDATION_ERROR", async (_name, patch, path) => {
    const response = await signup({ ...signupBody(), ...patch });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe(0);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(body.message).toBe(body.errors[0].message);
  });

  it("accepts an empty last name and empty optional links", async () => {
    const response = await signup(signupBody({ lastName: "", instagramLink: "", otherLink: "" }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      lastName: "",
      instagramLink: null,
      otherLink: null,
    });
  });
});

describe("POST /api/login", () => {
  it("logs in with the right password (email in any case) and sets a new session cookie", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email, password: "a good password" });
    const response = await login({
      emailId: email.toUpperCase(),
      password: "a good password",
      playerId: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 1, data: { emailId: email } });
    expect(cookieFrom(response, "token")).toBeTruthy();
  });

  it("answers a wrong password and an unknown email with the same 401 text", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email, password: "a good password" });
    const wrong = await login({ emailId: email, password: "a bad password" });
    const unknown = await login({ emailId: uniqueEmail(), password: "a good password" });
    const expected = {
      status: 0,
      code: "INVALID_CREDENTIALS",
      message: "Incorrect email or password.",
    };
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.json()).toEqual(expected);
    expect(cookieFrom(wrong, "token")).toBeUndefined();
  });

  it("rejects a login without a password with 400", async () => {
    const response = await login({ emailId: uniqueEmail() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe("password");
  });
});

describe("rate limits", () => {
  it("stops password guessing on one email with 429, Retry-After and a clear message", async () => {
    const limited = await createTestApp({
      rateLimits: {
        loginPerAccountAndIp: { max: 3, windowMs: 15 * 60_000 },
        loginPerAccount: { max: 100, windowMs: 15 * 60_000 },
        loginPerDevice: { max: 3, windowMs: 15 * 60_000 },
        loginPerIp: { max: 100, windowMs: 15 * 60_000 },
        signupPerIp: { max: 100, windowMs: 60 * 60_000 },
      },
    });
    try {
      const email = uniqueEmail();
      for (let i = 0; i < 3; i++) {
        expect(
          (await login({ emailId: email, password: "guess-number-x" }, limited)).statusCode,
        ).toBe(401);
      }
      const blocked = await login(
        { emailId: email.toUpperCase(), password: "guess-number-x" },
        limited,
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers["retry-after"]).toBeDefined();
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect(blocked.json()).toEqual({
        status: 0,
        code: "RATE_LIMITED",
        message: "Too many attempts. Try again in 15 minutes.",
      });
      // Another account from the same address is not locked out by the first one's guessing.
      expect(
        (await login({ emailId: uniqueEmail(), password: "whatever-pass" }, limited)).statusCode,
      ).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it("limits login attempts per IP and sign-ups per IP", async () => {
    const limited = await createTestApp({
      rateLimits: {
        loginPerAccountAndIp: { max: 100, windowMs: 60_000 },
        loginPerAccount: { max: 100, windowMs: 60_000 },
        loginPerDevice: { max: 100, windowMs: 60_000 },
        loginPerIp: { max: 2, windowMs: 60_000 },
        signupPerIp: { max: 1, windowMs: 60 * 60_000 },
      },
    });
    try {
      await login({ emailId: uniqueEmail(), password: "xxxxxxxx" }, limited);
      await login({ emailId: uniqueEmail(), password: "xxxxxxxx" }, limited);
      const third = await login({ emailId: uniqueEmail(), password: "xxxxxxxx" }, limited);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe("Too many attempts. Try again in 1 minute.");

      const headers = await anonymousHeaders(limited);
      const first = await limited.inject({
        method: "POST",
        url: "/api/signup",
        headers,
        payload: { ...(await botCheck(limited)), ...signupBody() },
      });
      expect(first.statusCode).toBe(201);
      const second = await limited.inject({
        method: "POST",
        url: "/api/signup",
        headers,
        payload: { ...(await botCheck(limited)), ...signupBody() },
      });
      expect(second.statusCode).toBe(429);
      expect(second.json().code).toBe("RATE_LIMITED");
      expect(second.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe("sessions", () => {
  it("answers 401 UNAUTHENTICATED without a session or with an unknown one", async () => {
    const none = await app.inject({ method: "GET", url: "/api/profile/view" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
    const bogus = await app.inject({
      method: "GET",
      url: "/api/profile/view",
      headers: { cookie: "token=not-a-real-session" },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it("logout ends the session: the row is gone, the cookie cleared, the old cookie refused", async () => {
    const { me, headers } = await signUpUser(app);
    expect(
      (await app.inject({ method: "GET", url: "/api/profile/view", headers })).statusCode,
    ).toBe(200);
    const out = await app.inject({ method: "POST", url: "/api/logout", headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status: 1 });
    const cleared = out.cookies.find((c) => c.name === "token");
    expect(cleared?.value).toBe("");
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, me._id))).toHaveLength(0);
    expect(
      (await app.inject({ method: "GET", url: "/api/profile/view", headers })).statusCode,
    ).toBe(401);
  });

  it("logout without a session still answers status 1", async () => {
    const out = await app.inject({
      method: "POST",
      url: "/api/logout",
      headers: await anonymousHeaders(app),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().status).toBe(1);
  });

  it("extends an old but valid session to 30 days (sliding expiry) and refuses an expired one", async () => {
    const { me, headers } = await signUpUser(app);
    const day = 24 * 60 * 60 * 1000;
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 20 * day) })
      .where(eq(sessions.userId, me._id));
    const response = await app.inject({ method: "GET", url: "/api/profile/view", headers });
    expect(response.statusCode).toBe(200);
    const [row] = await app.db.select().from(sessions).where(eq(sessions.userId, me._id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * day);
    const cookie = response.cookies.find((c) => c.name === "token");
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 29.9 * day);

    // A fresh session is not rewritten on every request.
    const again = await app.inject({ method: "GET", url: "/api/profile/view", headers });
    expect(again.cookies.find((c) => c.name === "token")).toBeUndefined();

    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, me._id));
    expect(
      (await app.inject({ method: "GET", url: "/api/profile/view", headers })).statusCode,
    ).toBe(401);
  });

  it("marks the cookies Secure when PUBLIC_ORIGIN is https", async () => {
    const secureApp = await createTestApp({ publicOrigin: "https://kindred.example" });
    try {
      const headers = await anonymousHeaders(secureApp);
      const response = await secureApp.inject({
        method: "POST",
        url: "/api/signup",
        headers,
        payload: { ...(await botCheck(secureApp)), ...signupBody() },
      });
      expect(response.cookies.find((c) => c.name === "token")?.secure).toBe(true);
      const get = await secureApp.inject({ method: "GET", url: "/api/health" });
      expect(get.cookies.find((c) => c.name === "XSRF-TOKEN")?.secure).toBe(true);
    } finally {
      await secureApp.close();
    }
  });
});
