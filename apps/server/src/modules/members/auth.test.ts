import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { COMMUNITY_MESSAGES } from "@kindred/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  appForFile,
  createTestApp,
  signUpUser,
  testConfig,
} from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { users } from "../../db/schema.ts";
import {
  COMMUNITY_SECRET_FILE,
  COMMUNITY_TOKEN_AUDIENCE,
  COMMUNITY_TOKEN_ISSUER,
  loadCommunitySecret,
} from "./token.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hs256-signing";
const key = new TextEncoder().encode(SECRET);

const app = await appForFile({ communityJwtSecret: SECRET });

function uniqueUsername(): string {
  return `member.${randomBytes(5).toString("hex")}`;
}

async function fusionauth(payload: Record<string, unknown>, target = app) {
  return target.inject({
    method: "POST",
    url: "/api/community/fusionauth",
    headers: await anonymousHeaders(target),
    payload,
  });
}

function getPosts(authorization?: string) {
  return app.inject({
    method: "GET",
    url: "/api/community/getposts",
    headers: authorization === undefined ? {} : { authorization },
  });
}

function publish(authorization: string | undefined, payload: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: "/api/community/fusionpublish",
    headers: authorization === undefined ? {} : { authorization },
    payload,
  });
}

function signed(claims: Record<string, unknown>, options: { expires?: string | number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(COMMUNITY_TOKEN_ISSUER)
    .setAudience(COMMUNITY_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expires ?? "1h");
}

describe("POST /api/community/fusionauth with a community username", () => {
  it("creates the member on first use and answers a 7-day HS256 token carrying id and uname", async () => {
    const uname = uniqueUsername();
    const response = await fusionauth({ uname, password: "a fine password" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 1, data: { uname } });
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeProtectedHeader(body.token)).toMatchObject({ alg: "HS256" });
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({
      id: body.data.id,
      uname,
      ver: 0,
      iss: COMMUNITY_TOKEN_ISSUER,
      aud: COMMUNITY_TOKEN_AUDIENCE,
    });
    // A password's token is tied to no session.
    expect(claims.sid).toBeUndefined();
    const lifetime = (claims.exp ?? 0) - (claims.iat ?? 0);
    expect(lifetime).toBe(7 * 24 * 60 * 60);
    expect(response.body).not.toMatch(/password|argon/i);
  });

  it("logs the same member in later (the name in any case) and refuses a wrong password with one generic 401", async () => {
    const uname = uniqueUsername();
    const first = (await fusionauth({ uname, password: "first password" })).json();
    const again = await fusionauth({ uname: uname.toUpperCase(), password: "first password" });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ id: first.data.id, uname });

    const wrong = await fusionauth({ uname, password: "second password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      status: 0,
      code: "INVALID_CREDENTIALS",
      message: COMMUNITY_MESSAGES.invalidCredentials,
    });
    expect(wrong.body).not.toContain("token");
  });

  it("refuses a name that is not a username and a weak password for a new member (400)", async () => {
    for (const uname of ["ab", "a".repeat(31), "has space", "semi;colon", "ünïcode"]) {
      const response = await fusionauth({ uname, password: "a fine password" });
      expect(response.statusCode, uname).toBe(400);
      expect(response.json().errors[0].path).toBe("uname");
    }
    const weak = await fusionauth({ uname: uniqueUsername(), password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe("WEAK_PASSWORD");
    expect(weak.json().errors).toEqual([
      { path: "password", message: "Password must be at least 8 characters" },
    ]);
    const half = await fusionauth({ uname: uniqueUsername() });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors[0].path).toBe("password");
  });

  it("accepts the allowed characters: letters, digits, dot, underscore and hyphen", async () => {
    const uname = `A.b_c-${randomBytes(3).toString("hex")}`;
    const response = await fusionauth({ uname, password: "a fine password" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.uname).toBe(uname);
  });
});

describe("POST /api/community/fusionauth with an account's email", () => {
  it("issues the token for the account when its password matches", async () => {
    const { me } = await signUpUser(app, { firstName: "Ada", lastName: "Lovelace" });
    const response = await fusionauth({ uname: me.emailId, password: "correct horse battery" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: me._id, uname: "Ada Lovelace" });
    expect(decodeJwt(response.json().token).id).toBe(me._id);
    expect(response.body).not.toContain(me.emailId);
  });

  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const { me } = await signUpUser(app);
    const wrong = await fusionauth({ uname: me.emailId, password: "not the password" });
    const unknown = await fusionauth({
      uname: `nobody-${randomBytes(4).toString("hex")}@example.com`,
      password: "correct horse battery",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });
});

describe("POST /api/community/fusionauth with the session cookie", () => {
  it("issues the signed-in account's token for an empty body", async () => {
    const { me, headers } = await signUpUser(app, { firstName: "Grace", lastName: "Hopper" });
    for (const payload of [{}, undefined]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/community/fusionauth",
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ id: me._id, uname: "Grace Hopper" });
      const posts = await getPosts(`Bearer ${response.json().token}`);
      expect(posts.statusCode).toBe(200);
    }
  });

  it("answers 401 for an empty body without a session, and 403 without the XSRF header", async () => {
    const anonymous = await fusionauth({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("UNAUTHENTICATED");

    const { headers } = await signUpUser(app);
    const forged = await app.inject({
      method: "POST",
      url: "/api/community/fusionauth",
      headers: { cookie: headers.cookie },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe("CSRF");
  });
});

describe("the bearer token on every other community call", () => {
  let member: { id: string; token: string };
  beforeAll(async () => {
    const body = (
      await fusionauth({ uname: uniqueUsername(), password: "a fine password" })
    ).json();
    member = { id: body.data.id, token: body.token };
  });

  it("lets a valid token through", async () => {
    expect((await getPosts(`Bearer ${member.token}`)).statusCode).toBe(200);
    expect((await getPosts(`bearer ${member.token}`)).statusCode).toBe(200);
  });

  it("answers 401 without a token, on reads and on writes (no XSRF check comes first)", async () => {
    const read = await getPosts();
    expect(read.statusCode).toBe(401);
    expect(read.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
    const write = await publish(undefined, { title: "t", content: "c" });
    expect(write.statusCode).toBe(401);
    for (const url of ["/api/community/all", "/api/community/allevents"]) {
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
    for (const [method, url] of [
      ["POST", "/api/community/create"],
      ["POST", "/api/community/createevent"],
      ["DELETE", `/api/community/post/${member.id}`],
      ["DELETE", `/api/community/group/${member.id}`],
      ["DELETE", `/api/community/event/${member.id}`],
    ] as const) {
      expect((await app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
    }
  });

  it("answers 401 for a token signed with another secret", async () => {
    const forged = await signed({ id: member.id, uname: "x" }).sign(
      new TextEncoder().encode("another-secret-of-the-same-length-as-ours-1234"),
    );
    expect((await getPosts(`Bearer ${forged}`)).statusCode).toBe(401);
    // The payload changed under the real signature.
    const [header, , signature] = member.token.split(".");
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(member.token), id: "00000000-0000-4000-8000-000000000000" }),
    ).toString("base64url");
    expect((await getPosts(`Bearer ${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });

  it("answers 401 for alg none", async () => {
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(member.token), exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString("base64url");
    expect((await getPosts(`Bearer ${header}.${payload}.`)).statusCode).toBe(401);
    expect((await getPosts(`Bearer ${header}.${payload}`)).statusCode).toBe(401);
  });

  it("answers 401 for an expired token signed with the right secret", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signed({ id: member.id, uname: "x", ver: 0 })
      .setIssuedAt(now - 8 * 24 * 3600)
      .setExpirationTime(now - 60)
      .sign(key);
    expect((await getPosts(`Bearer ${expired}`)).statusCode).toBe(401);
    // The same claims, still valid, pass: only the expiry made the difference.
    const fresh = await signed({ id: member.id, uname: "x", ver: 0 }).sign(key);
    expect((await getPosts(`Bearer ${fresh}`)).statusCode).toBe(200);
  });

  it("answers 401 for a wrong audience or issuer, a missing id or expiry, and malformed tokens", async () => {
    const wrongAudience = await new SignJWT({ id: member.id, uname: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(COMMUNITY_TOKEN_ISSUER)
      .setAudience("someone-else")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    const wrongIssuer = await new SignJWT({ id: member.id, uname: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("someone-else")
      .setAudience(COMMUNITY_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    const noId = await signed({ uname: "x", ver: 0 }).sign(key);
    // Right secret, but no token version (as issued before versions), another version than the
    // member's, or a session claim that is not a session hash.
    const noVersion = await signed({ id: member.id, uname: "x" }).sign(key);
    const otherVersion = await signed({ id: member.id, uname: "x", ver: 1 }).sign(key);
    const hugeVersion = await signed({ id: member.id, uname: "x", ver: 2 ** 40 }).sign(key);
    const badSession = await signed({ id: member.id, uname: "x", ver: 0, sid: "raw" }).sign(key);
    const unknownSession = await signed({
      id: member.id,
      uname: "x",
      ver: 0,
      sid: "0".repeat(64),
    }).sign(key);
    const noExpiry = await new SignJWT({ id: member.id, uname: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(COMMUNITY_TOKEN_ISSUER)
      .setAudience(COMMUNITY_TOKEN_AUDIENCE)
      .setIssuedAt()
      .sign(key);
    const otherAlgorithm = await new SignJWT({ id: member.id, uname: "x" })
      .setProtectedHeader({ alg: "HS512" })
      .setIssuer(COMMUNITY_TOKEN_ISSUER)
      .setAudience(COMMUNITY_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    for (const authorization of [
      `Bearer ${wrongAudience}`,
      `Bearer ${wrongIssuer}`,
      `Bearer ${noId}`,
      `Bearer ${noVersion}`,
      `Bearer ${otherVersion}`,
      `Bearer ${hugeVersion}`,
      `Bearer ${badSession}`,
      `Bearer ${unknownSession}`,
      `Bearer ${noExpiry}`,
      `Bearer ${otherAlgorithm}`,
      "Bearer not-a-token",
      "Bearer a.b.c",
      `Bearer ${"x".repeat(5000)}`,
      `Basic ${member.token}`,
      member.token,
      "Bearer",
    ]) {
      const response = await getPosts(authorization);
      expect(response.statusCode, authorization.slice(0, 40)).toBe(401);
    }
  });

  it("answers 401 for a valid token whose account no longer exists", async () => {
    const { me, headers } = await signUpUser(app);
    const exchange = await app.inject({
      method: "POST",
      url: "/api/community/fusionauth",
      headers,
      payload: {},
    });
    const token = exchange.json().token;
    await app.db.delete(users).where(eq(users.id, me._id));
    expect((await getPosts(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it("answers 403 when the body names someone else as userId or u_id", async () => {
    const other = (
      await fusionauth({ uname: uniqueUsername(), password: "a fine password" })
    ).json();
    const asOther = await publish(`Bearer ${member.token}`, {
      userId: other.data.id,
      title: "Hello",
      content: "Written as someone else",
    });
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json()).toMatchObject({
      code: "FORBIDDEN",
      message: COMMUNITY_MESSAGES.notYours,
    });

    const group = await app.inject({
      method: "POST",
      url: "/api/community/create",
      headers: { authorization: `Bearer ${member.token}` },
      payload: { u_id: other.data.id, name: "G", description: "D", tag: "Math" },
    });
    expect(group.statusCode).toBe(403);
    const event = await app.inject({
      method: "POST",
      url: "/api/community/createevent",
      headers: { authorization: `Bearer ${member.token}` },
      payload: {
        u_id: other.data.id,
        title: "E",
        description: "D",
        location: "L",
        date: "2099-01-01T10:00:00Z",
      },
    });
    expect(event.statusCode).toBe(403);
    const notAString = await publish(`Bearer ${member.token}`, {
      userId: 42,
      title: "Hello",
      content: "x",
    });
    expect(notAString.statusCode).toBe(403);

    const asSelf = await publish(`Bearer ${member.token}`, {
      userId: member.id.toUpperCase(),
      title: "Hello",
      content: "Written as myself",
    });
    expect(asSelf.statusCode).toBe(201);
    expect(asSelf.json().data.userId).toBe(member.id);
  });
});

describe("throttling of community logins", () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        loginPerAccountAndIp: { max: 3, windowMs: 60_000 },
        loginPerAccount: { max: 100, windowMs: 60_000 },
        loginPerDevice: { max: 3, windowMs: 60_000 },
        loginPerIp: { max: 100, windowMs: 60_000 },
        signupPerIp: { max: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("counts failures, not successes, per name tried, and answers 429 with Retry-After", async () => {
    const uname = uniqueUsername();
    expect((await fusionauth({ uname, password: "right password" }, limited)).statusCode).toBe(200);
    for (let index = 0; index < 5; index++) {
      expect((await fusionauth({ uname, password: "right password" }, limited)).statusCode).toBe(
        200,
      );
    }
    for (let index = 0; index < 3; index++) {
      expect((await fusionauth({ uname, password: "wrong password" }, limited)).statusCode).toBe(
        401,
      );
    }
    const blocked = await fusionauth({ uname, password: "right password" }, limited);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("RATE_LIMITED");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("forgets a name's failures after a correct password, and counts parallel guesses too", async () => {
    const uname = uniqueUsername();
    expect((await fusionauth({ uname, password: "right password" }, limited)).statusCode).toBe(200);
    for (let index = 0; index < 2; index++) {
      expect((await fusionauth({ uname, password: "wrong password" }, limited)).statusCode).toBe(
        401,
      );
    }
    expect((await fusionauth({ uname, password: "right password" }, limited)).statusCode).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => fusionauth({ uname, password: "wrong password" }, limited)),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it("limits how many new members one IP creates, like sign-ups", async () => {
    expect(
      (await fusionauth({ uname: uniqueUsername(), password: "a fine password" }, limited))
        .statusCode,
    ).toBe(200);
    const third = await fusionauth(
      { uname: uniqueUsername(), password: "a fine password" },
      limited,
    );
    expect(third.statusCode).toBe(429);
  });
});

describe("the signing secret", () => {
  it("is generated once under DATA_DIR with mode 0600 and read back on the next start", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "kindred-secret-"));
    try {
      const config = testConfig({ dataDir });
      const first = loadCommunitySecret(config);
      const file = path.join(dataDir, COMMUNITY_SECRET_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8").length).toBeGreaterThanOrEqual(32);
      expect(Buffer.from(loadCommunitySecret(config)).equals(Buffer.from(first))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("is COMMUNITY_JWT_SECRET when set, which must be at least 32 characters", () => {
    const config = testConfig({
      dataDir: "/nonexistent/never-written",
      communityJwtSecret: SECRET,
    });
    expect(new TextDecoder().decode(loadCommunitySecret(config))).toBe(SECRET);
    expect(() => loadConfig({ COMMUNITY_JWT_SECRET: "short" })).toThrow(/COMMUNITY_JWT_SECRET/);
    expect(loadConfig({ COMMUNITY_JWT_SECRET: SECRET }).communityJwtSecret).toBe(SECRET);
  });
});
