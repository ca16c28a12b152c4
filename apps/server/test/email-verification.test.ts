import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { EMAIL_VERIFICATION_MESSAGES } from "@kindred/shared";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../src/db/client.ts";
import {
  anonymousHeaders,
  appForFile,
  botCheck,
  call,
  connectedPair,
  continueAs,
  logIn,
  mailsTo,
  PASSWORD,
  signUpUser,
  signupBody,
  uniqueEmail,
  verificationCodeFor,
} from "./helpers.ts";

let clock = Date.parse("2026-03-01T10:00:00Z");
const app = await appForFile({ now: () => new Date(clock) });
const HOUR = 60 * 60_000;

/** The token of the link in the latest verification mail to the address. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = (await mailsTo(app, email)).filter((mail) =>
    /verification code/.test(mail.subject),
  );
  const text = mails.at(-1)?.text ?? "";
  const link = /http:\/\/localhost:7777\/verify-email\?token=([\w-]+)/.exec(text);
  if (!link?.[1]) throw new Error(`no link in the mail to ${email}`);
  return link[1];
}

const unverified = () => signUpUser(app, {}, { verified: false });

describe("a new account before it verifies its email", () => {
  it("is told so in Me, and gets one mail with a 6-digit code and a link", async () => {
    const person = await unverified();
    expect(person.me.emailVerified).toBe(false);
    const mails = await mailsTo(app, person.me.emailId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/verification code: \d{6}$/);
    expect(mails[0]?.text).toContain("within 1 hour");
    expect(mails[0]?.text).toMatch(/\/verify-email\?token=/);
  });

  it("answers 403 EMAIL_UNVERIFIED to interest, a message and a post, with what to do", async () => {
    const [a, b] = await connectedPair(app);
    const person = await unverified();
    const interest = await call(app, person, "POST", `/api/request/send/interested/${a.me._id}`);
    expect(interest.statusCode).toBe(403);
    expect(interest.json()).toMatchObject({
      status: 0,
      code: "EMAIL_UNVERIFIED",
      message: EMAIL_VERIFICATION_MESSAGES.unverified,
    });
    const message = await call(app, person, "POST", `/api/chat/${b.me._id}/messages`, {
      text: "hello",
    });
    expect(message.statusCode).toBe(403);
    expect(message.json().code).toBe("EMAIL_UNVERIFIED");
    const { token } = await continueAs(app, person.headers);
    const post = await app.inject({
      method: "POST",
      url: "/api/community/fusionpublish",
      headers: { authorization: `Bearer ${token}` },
      payload: { title: "Hi", content: "Hello all" },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe("EMAIL_UNVERIFIED");
  });

  it("may still edit the profile and look around", async () => {
    const person = await unverified();
    const edit = await call(app, person, "PATCH", "/api/profile/edit", { about: "Hi there" });
    expect(edit.statusCode).toBe(200);
    expect((await call(app, person, "GET", "/api/feed")).statusCode).toBe(200);
    expect((await call(app, person, "GET", "/api/profile/view")).statusCode).toBe(200);
  });
});

describe("verifying with the code", () => {
  it("verifies with the mailed code; then an interest goes through", async () => {
    const other = await signUpUser(app);
    const person = await unverified();
    const code = await verificationCodeFor(app, person.me.emailId);
    const verified = await call(app, person, "POST", "/api/email/verify", { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ _id: person.me._id, emailVerified: true });
    const me = await call(app, person, "GET", "/api/profile/view");
    expect(me.json().emailVerified).toBe(true);
    const interest = await call(
      app,
      person,
      "POST",
      `/api/request/send/interested/${other.me._id}`,
    );
    expect(interest.statusCode).toBe(201);
  });

  it("works once: the same code a second time answers 400 INVALID_CODE", async () => {
    const person = await unverified();
    const code = await verificationCodeFor(app, person.me.emailId);
    expect((await call(app, person, "POST", "/api/email/verify", { code })).statusCode).toBe(200);
    const again = await call(app, person, "POST", "/api/email/verify", { code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: "INVALID_CODE",
      message: EMAIL_VERIFICATION_MESSAGES.invalidCode,
    });
  });

  it("expires after an hour", async () => {
    const person = await unverified();
    const code = await verificationCodeFor(app, person.me.emailId);
    clock += HOUR + 1000;
    const late = await call(app, person, "POST", "/api/email/verify", { code });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe("INVALID_CODE");
  });

  it("is spent after 5 wrong codes, even the right one then fails", async () => {
    const person = await unverified();
    const code = await verificationCodeFor(app, person.me.emailId);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i += 1) {
      const response = await call(app, person, "POST", "/api/email/verify", { code: wrong });
      expect(response.json().code).toBe("INVALID_CODE");
    }
    const right = await call(app, person, "POST", "/api/email/verify", { code });
    expect(right.statusCode).toBe(400);
  });

  it("needs a session for a code (401) and refuses a malformed one (400)", async () => {
    const person = await unverified();
    const code = await verificationCodeFor(app, person.me.emailId);
    const anonymous = await anonymousHeaders(app);
    const signedOut = await call(app, anonymous, "POST", "/api/email/verify", { code });
    expect(signedOut.statusCode).toBe(401);
    const malformed = await call(app, person, "POST", "/api/email/verify", { code: "12ab" });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("verifying with the link", () => {
  it("verifies signed out with the link's token, once", async () => {
    const person = await unverified();
    const token = await linkTokenFor(person.me.emailId);
    const anonymous = await anonymousHeaders(app);
    const verified = await call(app, anonymous, "POST", "/api/email/verify", { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ _id: person.me._id, emailVerified: true });
    const again = await call(app, anonymous, "POST", "/api/email/verify", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("INVALID_CODE");
  });

  it("expires after an hour, and a resend makes the old link dead", async () => {
    const person = await unverified();
    const old = await linkTokenFor(person.me.emailId);
    const anonymous = await anonymousHeaders(app);
    clock += HOUR + 1000;
    const late = await call(app, anonymous, "POST", "/api/email/verify", { token: old });
    expect(late.statusCode).toBe(400);
    expect((await call(app, person, "POST", "/api/email/resend")).statusCode).toBe(200);
    const fresh = await linkTokenFor(person.me.emailId);
    expect(fresh).not.toBe(old);
    const ok = await call(app, anonymous, "POST", "/api/email/verify", { token: fresh });
    expect(ok.statusCode).toBe(200);
  });

  it("answers 400 to a token that names nothing", async () => {
    const anonymous = await anonymousHeaders(app);
    const response = await call(app, anonymous, "POST", "/api/email/verify", { token: "nope" });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("INVALID_CODE");
  });
});

describe("resending the code", () => {
  it("is rate-limited per account: 429 with Retry-After", async () => {
    const limited = await appForFile({
      verificationLimits: {
        verifyEmailPerIp: { max: 1000, windowMs: 60_000 },
        mailCodePerAccount: { max: 2, windowMs: 60_000 },
      },
    });
    const person = await signUpUser(limited, {}, { verified: false });
    expect((await call(limited, person, "POST", "/api/email/resend")).statusCode).toBe(200);
    expect((await call(limited, person, "POST", "/api/email/resend")).statusCode).toBe(200);
    const third = await call(limited, person, "POST", "/api/email/resend");
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    expect(third.json().message).toMatch(/wait \d+ seconds/);
    expect(await mailsTo(limited, person.me.emailId)).toHaveLength(3);
  });

  it("mails nothing to an account already verified", async () => {
    const person = await signUpUser(app);
    const before = (await mailsTo(app, person.me.emailId)).length;
    const response = await call(app, person, "POST", "/api/email/resend");
    expect(response.statusCode).toBe(200);
    expect(await mailsTo(app, person.me.emailId)).toHaveLength(before);
  });
});

describe("changing the email", () => {
  it("takes effect only once the new address is verified, then tells the old one", async () => {
    const person = await signUpUser(app);
    const oldEmail = person.me.emailId;
    const newEmail = uniqueEmail();
    const asked = await call(app, person, "PUT", "/api/account/email", {
      email: newEmail.toUpperCase(),
      password: PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    const before = await call(app, person, "GET", "/api/profile/view");
    expect(before.json()).toMatchObject({ emailId: oldEmail, emailVerified: true });

    const code = await verificationCodeFor(app, newEmail);
    const verified = await call(app, person, "POST", "/api/email/verify", { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ emailId: newEmail, emailVerified: true });
    const told = await mailsTo(app, oldEmail);
    expect(told.at(-1)?.subject).toMatch(/email was changed/);
    expect(told.at(-1)?.text).toContain("/forget-password");
    expect(await logIn(app, newEmail)).toBeDefined();
  });

  it("tells the old address in the account's language, and in English word for word", async () => {
    const marta = await signUpUser(app, { firstName: "Marta" });
    const set = await call(app, marta, "PUT", "/api/account/settings", { locale: "es" });
    expect(set.statusCode).toBe(200);
    const ben = await signUpUser(app, { firstName: "Ben" });
    for (const person of [marta, ben]) {
      const newEmail = uniqueEmail();
      const asked = await call(app, person, "PUT", "/api/account/email", {
        email: newEmail,
        password: PASSWORD,
      });
      expect(asked.statusCode).toBe(200);
      const code = await verificationCodeFor(app, newEmail);
      expect((await call(app, person, "POST", "/api/email/verify", { code })).statusCode).toBe(200);
    }

    const [spanish] = (await mailsTo(app, marta.me.emailId)).slice(-1);
    expect(spanish?.subject).toBe("Se ha cambiado el correo de tu cuenta de Kindred");
    expect(spanish?.text).toContain(
      "Se acaba de cambiar el correo de tu cuenta de Kindred, así que ya no escribiremos a esta dirección.",
    );
    expect(spanish?.html).toContain('<html lang="es" dir="ltr">');

    const [english] = (await mailsTo(app, ben.me.emailId)).slice(-1);
    expect(english?.subject).toBe("Your Kindred email was changed");
    expect(english?.text).toBe(
      [
        "Hi Ben,",
        "",
        "The email of your Kindred account was just changed, so we will no longer write to this address.",
        "",
        `If this was not you, reset your password at once at ${app.config.publicOrigin}/forget-password and write to ${app.config.supportEmail}.`,
        "",
        "— Kindred",
      ].join("\n"),
    );
  });

  it("refuses a wrong password (401), a taken address (409) and bad input (400)", async () => {
    const person = await signUpUser(app);
    const other = await signUpUser(app);
    const wrong = await call(app, person, "PUT", "/api/account/email", {
      email: uniqueEmail(),
      password: "not the password",
    });
    expect(wrong.statusCode).toBe(401);
    const taken = await call(app, person, "PUT", "/api/account/email", {
      email: other.me.emailId,
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("EMAIL_TAKEN");
    const bad = await call(app, person, "PUT", "/api/account/email", {
      email: "not an address",
      password: PASSWORD,
    });
    expect(bad.statusCode).toBe(400);
    const same = await call(app, person, "PUT", "/api/account/email", {
      email: person.me.emailId,
      password: PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    const throwaway = await call(app, person, "PUT", "/api/account/email", {
      email: "someone@mailinator.com",
      password: PASSWORD,
    });
    expect(throwaway.statusCode).toBe(400);
    expect(throwaway.json().code).toBe("DISPOSABLE_EMAIL");
    expect(throwaway.json().errors).toEqual([{ path: "email", message: expect.any(String) }]);
  });

  it("answers 409 at verify time when someone signed up with the address meanwhile", async () => {
    const person = await signUpUser(app);
    const newEmail = uniqueEmail();
    await call(app, person, "PUT", "/api/account/email", { email: newEmail, password: PASSWORD });
    const code = await verificationCodeFor(app, newEmail);
    const anonymous = await anonymousHeaders(app);
    const signup = await call(app, anonymous, "POST", "/api/signup", {
      ...signupBody({ emailId: newEmail }),
      ...(await botCheck(app)),
      age: 30,
    });
    expect(signup.statusCode).toBe(201);
    const late = await call(app, person, "POST", "/api/email/verify", { code });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("EMAIL_TAKEN");
    const me = await call(app, person, "GET", "/api/profile/view");
    expect(me.json().emailId).toBe(person.me.emailId);
  });
});

describe("accounts from before verification", () => {
  it("read as verified after the migration", async () => {
    const folder = migrationsFolder();
    const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
    const entries: { tag: string }[] = journal.entries;
    const mine = entries.findIndex((entry) =>
      readFileSync(path.join(folder, `${entry.tag}.sql`), "utf8").includes(
        'ADD COLUMN "email_verified_at"',
      ),
    );
    expect(mine).toBeGreaterThan(0);
    const earlier = mkdtempSync(path.join(os.tmpdir(), "kindred-migrations-"));
    try {
      cpSync(folder, earlier, { recursive: true });
      writeFileSync(
        path.join(earlier, "meta/_journal.json"),
        JSON.stringify({ ...journal, entries: entries.slice(0, mine) }),
      );
      const client = new PGlite({ extensions: { pg_trgm } });
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: earlier });
      await client.query(
        "insert into users (email, password_hash, first_name, public_id) values ('old@example.com', 'x', 'Old', 'old-public-id')",
      );
      await migrate(db, { migrationsFolder: folder });
      const { rows } = await client.query<{ verified: boolean }>(
        "select email_verified_at is not null as verified from users where email = 'old@example.com'",
      );
      expect(rows[0]?.verified).toBe(true);
      await client.close();
    } finally {
      rmSync(earlier, { recursive: true, force: true });
    }
  });
});
