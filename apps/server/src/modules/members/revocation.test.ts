import { randomBytes } from "node:crypto";
import { COMMUNITY_MESSAGES } from "@kindred/shared";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { callCommunity } from "../../../test/community-helpers.ts";
import {
  type AuthHeaders,
  anonymousHeaders,
  appForFile,
  call,
  continueAs,
  logIn,
  PASSWORD,
  resetPasswordThroughMail,
  signUpUser,
} from "../../../test/helpers.ts";
import { sessions } from "../../db/schema.ts";

const app = await appForFile();

const REVOKED = {
  status: 0,
  code: "UNAUTHENTICATED",
  message: COMMUNITY_MESSAGES.invalidToken,
};

async function unsafeHeaders() {
  return anonymousHeaders(app);
}

/** A token for a password: an account's email or a community username. */
async function passwordToken(uname: string, password: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/community/fusionauth",
    headers: await unsafeHeaders(),
    payload: { uname, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

/** "Continue as": the signed-in session's token, asked for with an empty body. */
async function sessionToken(headers: AuthHeaders): Promise<string> {
  return (await continueAs(app, headers)).token;
}

function publish(token: string) {
  return callCommunity(app, { authorization: `Bearer ${token}` }, "POST", "/fusionpublish", {
    title: "Still me?",
    content: "Posting with this token",
  });
}

function leave(token: string | undefined) {
  return app.inject({
    method: "POST",
    url: "/api/community/logout",
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

async function logOut(headers: AuthHeaders) {
  const response = await call(app, headers, "POST", "/api/logout");
  expect(response.statusCode).toBe(200);
}

describe("a password reset", () => {
  it("ends the account's community tokens from before it; a token asked for afterwards works", async () => {
    const { me, headers } = await signUpUser(app, { password: PASSWORD });
    const byPassword = await passwordToken(me.emailId, PASSWORD);
    const bySession = await sessionToken(headers);
    expect((await publish(byPassword)).statusCode).toBe(201);
    expect((await publish(bySession)).statusCode).toBe(201);

    await resetPasswordThroughMail(app, me.emailId, "a brand new password");

    for (const token of [byPassword, bySession]) {
      const refused = await publish(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(REVOKED);
    }
    expect((await leave(byPassword)).statusCode).toBe(401);
    const fresh = await passwordToken(me.emailId, "a brand new password");
    expect((await publish(fresh)).statusCode).toBe(201);
    const again = await sessionToken(
      await logIn(app, me.emailId, { password: "a brand new password" }),
    );
    expect((await publish(again)).statusCode).toBe(201);
  });
});

describe("POST /api/community/logout (Leave community)", () => {
  it("ends the token it is called with and the member's other tokens; logging in again works", async () => {
    const uname = `leaver.${randomBytes(4).toString("hex")}`;
    const first = await passwordToken(uname, "a fine password");
    const second = await passwordToken(uname, "a fine password");
    expect((await publish(first)).statusCode).toBe(201);

    const left = await leave(first);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ status: 1, message: "You left the community." });

    for (const token of [first, second]) {
      const refused = await publish(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(REVOKED);
    }
    expect((await leave(first)).statusCode).toBe(401);
    const back = await passwordToken(uname, "a fine password");
    expect((await publish(back)).statusCode).toBe(201);
  });

  it("ends an account's tokens, its session's included, and leaves the session signed in", async () => {
    const { me, headers } = await signUpUser(app, { password: PASSWORD });
    const bySession = await sessionToken(headers);
    const byPassword = await passwordToken(me.emailId, PASSWORD);
    expect((await leave(bySession)).statusCode).toBe(200);
    expect((await publish(bySession)).statusCode).toBe(401);
    expect((await publish(byPassword)).statusCode).toBe(401);
    const profile = await app.inject({ method: "GET", url: "/api/profile/view", headers });
    expect(profile.statusCode).toBe(200);
    expect((await publish(await sessionToken(headers))).statusCode).toBe(201);
  });

  it("answers 401 with the contract's body without a valid token", async () => {
    for (const token of [undefined, "not-a-token"]) {
      const response = await leave(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(REVOKED);
    }
  });
});

describe("a token from Continue as", () => {
  it("ends when its session logs out; a password's token and another session's are unaffected", async () => {
    const { me, headers } = await signUpUser(app, { password: PASSWORD });
    const otherDevice = await logIn(app, me.emailId);
    const bySession = await sessionToken(headers);
    const byOtherSession = await sessionToken(otherDevice);
    const byPassword = await passwordToken(me.emailId, PASSWORD);
    expect((await publish(bySession)).statusCode).toBe(201);

    await logOut(headers);

    const refused = await publish(bySession);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(REVOKED);
    expect((await publish(byOtherSession)).statusCode).toBe(201);
    expect((await publish(byPassword)).statusCode).toBe(201);
  });

  it("ends when its session expires", async () => {
    const { me, headers } = await signUpUser(app, { password: PASSWORD });
    const bySession = await sessionToken(headers);
    expect((await publish(bySession)).statusCode).toBe(201);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, me._id));
    expect((await publish(bySession)).statusCode).toBe(401);
  });

  it("carries the hash the server stores for its session, never the session id itself", async () => {
    const { headers } = await signUpUser(app, { password: PASSWORD });
    const sessionId = /(?:^|; )token=([^;]+)/.exec(headers.cookie)?.[1] ?? "";
    expect(sessionId).not.toBe("");
    const token = await sessionToken(headers);
    const claims = decodeJwt(token);
    expect(claims.sid).toMatch(/^[0-9a-f]{64}$/);
    const stored = await app.db.select({ idHash: sessions.idHash }).from(sessions);
    expect(stored.map((row) => row.idHash)).toContain(claims.sid);
    expect(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).not.toContain(sessionId);
  });
});
