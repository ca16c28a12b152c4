import {
  ACCOUNT_MESSAGES,
  BOT_CHECK_MESSAGES,
  PASSWORD_STRENGTH_MESSAGES,
  PUBLIC_FORM_MESSAGES,
} from "@kindred/shared";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactMessages } from "../src/db/schema.ts";
import { isDisposableEmail } from "../src/modules/bot-check/disposable-email.ts";
import {
  anonymousHeaders,
  appForFile,
  appsForFile,
  botCheck,
  call,
  cookieFrom,
  forgotPassword,
  mailsTo,
  PASSWORD,
  recoveryCodeIn,
  signUpUser,
  signupBody,
  solveAltcha,
  uniqueEmail,
  updatePassword,
  verifyCode,
} from "./helpers.ts";

const app = await appForFile();
const otherApps = appsForFile();

afterEach(() => {
  vi.useRealTimers();
});

async function signUp(body: Record<string, unknown>) {
  return call(app, await anonymousHeaders(app), "POST", "/api/signup", body);
}

async function forgot(body: Record<string, unknown>) {
  return call(app, await anonymousHeaders(app), "POST", "/api/forgot_password", body);
}

function expectBotCheck(response: { statusCode: number; json: () => unknown }, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    status: 0,
    code: "BOT_CHECK",
    message,
    errors: [{ path: "altcha", message }],
  });
}

type DecodedPayload = {
  challenge: { parameters: { expiresAt: number } };
  solution: { counter: number; derivedKey: string };
};

/** The widget's payload with its parts changed, as a forger would send it. */
function tampered(payload: string, change: (decoded: DecodedPayload) => void): string {
  const decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  change(decoded);
  return Buffer.from(JSON.stringify(decoded)).toString("base64");
}

describe("GET /api/altcha", () => {
  it("hands out a fresh signed challenge that expires in 10 minutes, never cached", async () => {
    const before = Date.now() / 1000;
    const first = await app.inject({ method: "GET", url: "/api/altcha" });
    const second = await app.inject({ method: "GET", url: "/api/altcha" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const challenge = first.json();
    expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256" });
    expect(challenge.signature).toEqual(expect.any(String));
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(before + 9 * 60);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(before + 10 * 60 + 5);
    expect(second.json().parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it("limits challenges per IP with 429", async () => {
    const limited = await otherApps({
      botCheck: {
        maxNumber: 50,
        blockDisposableEmail: true,
        challengesPerIp: { max: 2, windowMs: 60_000 },
      },
    });
    const ask = (remoteAddress: string) =>
      limited.inject({ method: "GET", url: "/api/altcha", remoteAddress });
    expect((await ask("10.1.1.1")).statusCode).toBe(200);
    expect((await ask("10.1.1.1")).statusCode).toBe(200);
    const third = await ask("10.1.1.1");
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe("RATE_LIMITED");
    expect((await ask("10.1.1.2")).statusCode).toBe(200);
  });
});

describe("sign-up's bot check", () => {
  it("refuses a sign-up without a solution, with a sentence", async () => {
    const email = uniqueEmail();
    expectBotCheck(await signUp(signupBody({ emailId: email })), BOT_CHECK_MESSAGES.missing);
    // Nothing was created: the same address signs up once the check is solved.
    const ok = await signUp({ ...signupBody({ emailId: email }), ...(await botCheck(app)) });
    expect(ok.statusCode).toBe(201);
  });

  it("refuses a wrong solution, a forged challenge and text that is no payload", async () => {
    const solved = await solveAltcha(app);
    const wrongKey = tampered(solved, (p) => {
      p.solution.derivedKey = "00".repeat(32);
    });
    const forged = tampered(solved, (p) => {
      p.challenge.parameters.expiresAt += 3600;
    });
    for (const altcha of [wrongKey, forged, "bm90IGpzb24=", "%%%"]) {
      expectBotCheck(await signUp({ ...signupBody(), altcha }), BOT_CHECK_MESSAGES.failed);
    }
  });

  it("takes a solution once: the same one again is refused", async () => {
    const altcha = await solveAltcha(app);
    expect((await signUp({ ...signupBody(), altcha })).statusCode).toBe(201);
    expectBotCheck(await signUp({ ...signupBody(), altcha }), BOT_CHECK_MESSAGES.reused);
  });

  it("takes one solution once when two sign-ups race with it", async () => {
    const altcha = await solveAltcha(app);
    const answers = await Promise.all([
      signUp({ ...signupBody(), altcha }),
      signUp({ ...signupBody(), altcha }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
  });

  it("refuses an expired challenge", async () => {
    const altcha = await solveAltcha(app);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expectBotCheck(await signUp({ ...signupBody(), altcha }), BOT_CHECK_MESSAGES.expired);
  });

  it("refuses a sign-up whose honeypot is filled, and creates nothing", async () => {
    const email = uniqueEmail();
    const response = await signUp({
      ...signupBody({ emailId: email }),
      ...(await botCheck(app)),
      website: "https://spam.example",
    });
    expectBotCheck(response, BOT_CHECK_MESSAGES.honeypot);
    const again = await signUp({ ...signupBody({ emailId: email }), ...(await botCheck(app)) });
    expect(again.statusCode).toBe(201);
  });

  it("keeps the solution when the form is refused for another reason, so the person can fix it", async () => {
    const altcha = await solveAltcha(app);
    const weak = await signUp({ ...signupBody({ password: "password123" }), altcha });
    expect(weak.json().code).toBe("WEAK_PASSWORD");
    expect((await signUp({ ...signupBody(), altcha })).statusCode).toBe(201);
  });
});

describe("throwaway addresses", () => {
  it("are refused at sign-up with a field error on the email, subdomains too", async () => {
    for (const emailId of ["someone@mailinator.com", "someone@inbox.Mailinator.com"]) {
      const response = await signUp({ ...signupBody({ emailId }), ...(await botCheck(app)) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "DISPOSABLE_EMAIL",
        message: BOT_CHECK_MESSAGES.disposableEmail,
        errors: [{ path: "emailId", message: BOT_CHECK_MESSAGES.disposableEmail }],
      });
    }
  });

  it("are told apart from ordinary addresses", () => {
    expect(isDisposableEmail("a@mailinator.com")).toBe(true);
    expect(isDisposableEmail("a@guerrillamail.com")).toBe(true);
    expect(isDisposableEmail("a@gmail.com")).toBe(false);
    expect(isDisposableEmail("a@example.com")).toBe(false);
    expect(isDisposableEmail("not an address")).toBe(false);
  });

  it("are taken when BLOCK_DISPOSABLE_EMAIL is off", async () => {
    const open = await otherApps({
      botCheck: {
        maxNumber: 50,
        blockDisposableEmail: false,
        challengesPerIp: { max: 100, windowMs: 60_000 },
      },
    });
    const { me } = await signUpUser(open, { emailId: "someone-else@mailinator.com" });
    expect(me.emailId).toBe("someone-else@mailinator.com");
  });
});

describe("password strength", () => {
  it("refuses a weak password at sign-up with the reason on the field", async () => {
    const response = await signUp({
      ...signupBody({ password: "password123" }),
      ...(await botCheck(app)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "WEAK_PASSWORD",
      message: "This is a commonly used password.",
      errors: [{ path: "password", message: "This is a commonly used password." }],
    });
  });

  it("counts the person's own name and email as easy to guess", async () => {
    const response = await signUp({
      ...signupBody({
        firstName: "Marguerite",
        lastName: "Okonkwo",
        emailId: `okonkwo-${Date.now()}@example.com`,
        password: "okonkwomarguerite",
      }),
      ...(await botCheck(app)),
    });
    expect(response.json()).toMatchObject({
      code: "WEAK_PASSWORD",
      message: PASSWORD_STRENGTH_MESSAGES.containsName,
    });
  });

  it("refuses a weak new password at reset and keeps the grant for a strong one", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email });
    expect((await forgotPassword(app, email)).statusCode).toBe(200);
    const verified = await verifyCode(
      app,
      email,
      recoveryCodeIn((await mailsTo(app, email)).at(-1)),
    );
    const grant = cookieFrom(verified, "reset_grant");
    const weak = await updatePassword(app, email, "qwertyuiop", grant);
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: "WEAK_PASSWORD",
      errors: [{ path: "password", message: expect.any(String) }],
    });
    expect((await updatePassword(app, email, "a brand new passphrase", grant)).statusCode).toBe(
      200,
    );
  });

  it("refuses a weak new password when changing it, and keeps the old one", async () => {
    const user = await signUpUser(app);
    const weak = await call(app, user, "PUT", "/api/account/password", {
      currentPassword: PASSWORD,
      password: "iloveyou1",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: "WEAK_PASSWORD",
      errors: [{ path: "password", message: expect.any(String) }],
    });
    const strong = await call(app, user, "PUT", "/api/account/password", {
      currentPassword: PASSWORD,
      password: "violet kettle mornings",
    });
    expect(strong.json().message).toBe(ACCOUNT_MESSAGES.passwordChanged);
  });
});

/** The password reset mails sent to the address (sign-up also mails a verification code). */
async function resetMailsTo(email: string) {
  return (await mailsTo(app, email)).filter((mail) => mail.subject.includes("password reset"));
}

describe("forgot-password's bot check", () => {
  it("refuses a request without a solution, and a reused one", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email });
    expectBotCheck(await forgot({ emailId: email }), BOT_CHECK_MESSAGES.missing);
    const altcha = await solveAltcha(app);
    expect((await forgot({ emailId: email, altcha })).statusCode).toBe(200);
    expectBotCheck(await forgot({ emailId: email, altcha }), BOT_CHECK_MESSAGES.reused);
    expect(await resetMailsTo(email)).toHaveLength(1);
  });

  it("answers a filled honeypot as usual and mails nothing", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email });
    const bot = await forgot({ emailId: email, website: "x" });
    expect(bot.statusCode).toBe(200);
    expect(bot.json().status).toBe(1);
    expect(await resetMailsTo(email)).toHaveLength(0);
  });
});

describe("a public form's bot check", () => {
  const contact = async (body: Record<string, unknown>) =>
    call(app, await anonymousHeaders(app), "POST", "/api/contact", body);
  const stored = (email: string) =>
    app.db.select().from(contactMessages).where(eq(contactMessages.email, email));

  it("refuses a message without a solution, a wrong one and a reused one", async () => {
    const email = uniqueEmail();
    const message = { name: "Ben", email, message: "Hello" };
    expectBotCheck(await contact(message), BOT_CHECK_MESSAGES.missing);
    const altcha = await solveAltcha(app);
    const wrong = tampered(altcha, (p) => {
      // Its first byte inverted: always another key (writing "ff" over it was no change at all
      // for the one key in 256 that begins with ff).
      const key = p.solution.derivedKey;
      const first = (Number.parseInt(key.slice(0, 2), 16) ^ 0xff).toString(16).padStart(2, "0");
      p.solution.derivedKey = `${first}${key.slice(2)}`;
    });
    expectBotCheck(await contact({ ...message, altcha: wrong }), BOT_CHECK_MESSAGES.failed);
    expect((await contact({ ...message, altcha })).statusCode).toBe(201);
    expectBotCheck(await contact({ ...message, altcha }), BOT_CHECK_MESSAGES.reused);
    expect(await stored(email)).toHaveLength(1);
  });

  it("answers a filled honeypot with the usual success and keeps nothing", async () => {
    const email = uniqueEmail();
    const bot = await contact({ name: "Bot", email, message: "Buy", website: "spam" });
    expect(bot.statusCode).toBe(201);
    expect(bot.json().message).toBe(PUBLIC_FORM_MESSAGES.contactSent);
    expect(await stored(email)).toEqual([]);
  });
});
