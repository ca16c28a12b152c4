import { describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  appForFile,
  call,
  cookieFrom,
  PASSWORD,
  signUpUser,
  turnOnTwoStep,
} from "./helpers.ts";
import { SoftAuthenticator } from "./soft-authenticator.ts";

let offsetMs = 0;
const app = await appForFile({ now: () => new Date(Date.now() + offsetMs) });
const origin = app.config.publicOrigin;
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type Session = Awaited<ReturnType<typeof signUpUser>>;

async function registrationOptions(who: Session, password = PASSWORD) {
  return call(app, who, "POST", "/api/passkeys/registration/options", { password });
}

/** Adds a passkey made by `authenticator` to the account: the 201 answer. */
async function addPasskey(who: Session, authenticator: SoftAuthenticator, extra = {}) {
  const options = await registrationOptions(who);
  expect(options.statusCode, options.body).toBe(200);
  return app.inject({
    method: "POST",
    url: "/api/passkeys/registration",
    headers: { ...who.headers, "user-agent": CHROME_MAC },
    payload: { ...authenticator.create(options.json().data), ...extra },
  });
}

async function loginOptions(caller: Awaited<ReturnType<typeof anonymousHeaders>>) {
  const options = await call(app, caller, "POST", "/api/passkeys/login/options");
  expect(options.statusCode, options.body).toBe(200);
  return options.json().data as { challenge: string; rpId: string; allowCredentials?: unknown[] };
}

async function signInWith(authenticator: SoftAuthenticator, origin_ = origin) {
  const anon = await anonymousHeaders(app);
  const assertion = authenticator.get(await loginOptions(anon), origin_);
  const answer = await call(app, anon, "POST", "/api/passkeys/login", assertion);
  return { answer, anon, assertion };
}

describe("passkeys", () => {
  it("adds a passkey after the password, then signs in with it and no password", async () => {
    const ana = await signUpUser(app, { firstName: "Ana" });
    const wrong = await registrationOptions(ana, "not-my-password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("WRONG_PASSWORD");

    const options = (await registrationOptions(ana)).json().data;
    expect(options.rp).toEqual({ name: "Kindred", id: "localhost" });
    expect(options.authenticatorSelection.residentKey).toBe("required");
    const authenticator = new SoftAuthenticator(origin);
    const attestation = authenticator.create(options);
    const added = await app.inject({
      method: "POST",
      url: "/api/passkeys/registration",
      headers: { ...ana.headers, "user-agent": CHROME_MAC },
      payload: attestation,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toEqual({ _id: expect.any(String), name: "Chrome on macOS" });
    // The challenge was spent: the same attestation again is refused.
    const again = await call(app, ana, "POST", "/api/passkeys/registration", attestation);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("PASSKEY_EXPIRED");

    const list = (await call(app, ana, "GET", "/api/passkeys")).json().data;
    expect(list).toEqual([
      {
        _id: added.json().data._id,
        name: "Chrome on macOS",
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);

    // Discoverable: the options name no account, the passkey says whose it is.
    const { answer, anon, assertion } = await signInWith(authenticator);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ _id: ana.me._id, emailId: ana.me.emailId });
    const token = cookieFrom(answer, "token");
    expect(token).toBeTruthy();
    const me = await call(
      app,
      { ...anon, cookie: `${anon.cookie}; token=${token}` },
      "GET",
      "/api/passkeys",
    );
    expect(me.statusCode).toBe(200);
    const used = (await call(app, ana, "GET", "/api/passkeys")).json().data[0];
    expect(used.lastUsedAt).not.toBeNull();

    // The sign-in's challenge is single-use too.
    const replay = await call(app, anon, "POST", "/api/passkeys/login", assertion);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("PASSKEY_EXPIRED");
  });

  it("refuses another origin, an expired challenge and another person's challenge", async () => {
    const ben = await signUpUser(app, { firstName: "Ben" });
    const authenticator = new SoftAuthenticator(origin);
    expect((await addPasskey(ben, authenticator)).statusCode).toBe(201);

    const elsewhere = await signInWith(authenticator, "https://kindred.example.net");
    expect(elsewhere.answer.statusCode).toBe(401);
    expect(elsewhere.answer.json().code).toBe("PASSKEY_FAILED");
    expect(cookieFrom(elsewhere.answer, "token")).toBeUndefined();

    const anon = await anonymousHeaders(app);
    const options = await loginOptions(anon);
    offsetMs = 6 * 60_000;
    try {
      const late = await call(app, anon, "POST", "/api/passkeys/login", authenticator.get(options));
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe("PASSKEY_EXPIRED");
    } finally {
      offsetMs = 0;
    }

    // A registration challenge is its person's: Cat cannot answer Ben's.
    const cat = await signUpUser(app, { firstName: "Cat" });
    const bens = (await registrationOptions(ben)).json().data;
    const stolen = await call(
      app,
      cat,
      "POST",
      "/api/passkeys/registration",
      new SoftAuthenticator(origin).create(bens),
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe("PASSKEY_EXPIRED");

    const garbage = await call(app, anon, "POST", "/api/passkeys/login", {
      ...authenticator.get(await loginOptions(anon)),
      response: { clientDataJSON: "bm90LWpzb24", authenticatorData: "AA", signature: "AA" },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe("PASSKEY_FAILED");
  });

  it("renames and removes only one's own; a removed passkey signs in no more", async () => {
    const dee = await signUpUser(app, { firstName: "Dee" });
    const eli = await signUpUser(app, { firstName: "Eli" });
    const authenticator = new SoftAuthenticator(origin);
    const added = await addPasskey(dee, authenticator, { name: "  Work laptop  " });
    const id = added.json().data._id;
    expect(added.json().data.name).toBe("Work laptop");

    for (const name of ["", "   ", "\u200b\u200b", "a".repeat(61), "bad\u0000name"]) {
      const bad = await call(app, dee, "PATCH", `/api/passkeys/${id}`, { name });
      expect(bad.statusCode, JSON.stringify(name)).toBe(400);
      expect(bad.json().code).toBe("VALIDATION_ERROR");
    }
    const renamed = await call(app, dee, "PATCH", `/api/passkeys/${id}`, { name: "Phone" });
    expect(renamed.json().data).toMatchObject({ _id: id, name: "Phone" });

    for (const [who, path] of [
      [eli, `/api/passkeys/${id}`],
      [dee, "/api/passkeys/not-an-id"],
      [dee, "/api/passkeys/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      expect((await call(app, who, "PATCH", path, { name: "Mine" })).statusCode).toBe(404);
      expect((await call(app, who, "DELETE", path)).statusCode).toBe(404);
    }
    expect((await call(app, dee, "GET", "/api/passkeys")).json().data).toHaveLength(1);

    expect((await signInWith(authenticator)).answer.statusCode).toBe(200);
    const removed = await call(app, dee, "DELETE", `/api/passkeys/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(app, dee, "GET", "/api/passkeys")).json().data).toEqual([]);
    const after = (await signInWith(authenticator)).answer;
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("UNKNOWN_PASSKEY");
  });

  it("needs no second step when two-step codes are on", async () => {
    const fay = await signUpUser(app, { firstName: "Fay" });
    const authenticator = new SoftAuthenticator(origin);
    expect((await addPasskey(fay, authenticator)).statusCode).toBe(201);
    await turnOnTwoStep(app, fay);
    const { answer } = await signInWith(authenticator);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ _id: fay.me._id, twoStep: true });
    expect(cookieFrom(answer, "token")).toBeTruthy();
  });

  it("asks for a session to list or add passkeys", async () => {
    const anon = await anonymousHeaders(app);
    expect((await call(app, anon, "GET", "/api/passkeys")).statusCode).toBe(401);
    expect(
      (await call(app, anon, "POST", "/api/passkeys/registration/options", { password: "x" }))
        .statusCode,
    ).toBe(401);
  });
});
