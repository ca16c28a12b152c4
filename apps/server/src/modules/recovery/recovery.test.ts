import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  botCheck,
  call,
  cookieFrom,
  createTestApp,
  forgotPassword,
  logInAnswer,
  mailsTo,
  recoveryCodeIn,
  signUpUser,
  testConfig,
  uniqueEmail,
  updatePassword,
  verifyCode,
} from "../../../test/helpers.ts";
import { passwordResetCodes, passwordResetGrants, sessions } from "../../db/schema.ts";

const START = new Date("2026-03-02T09:00:00.000Z");
let clock = START;
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await app.close();
  await rm(app.config.outboxDir, { recursive: true, force: true });
});

function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
}
const MINUTE = 60_000;

/** Asks for a code and reads it from the outbox. */
async function requestCode(emailId: string): Promise<string> {
  const response = await forgotPassword(app, emailId);
  expect(response.statusCode).toBe(200);
  return recoveryCodeIn((await mailsTo(app, emailId)).at(-1));
}

async function login(emailId: string, password: string) {
  return (await logInAnswer(app, emailId, { password })).response;
}

/** A signed-up user with a verified code: returns the grant cookie's value. */
async function userWithGrant() {
  const email = uniqueEmail();
  const { me, headers } = await signUpUser(app, { emailId: email, password: "old password 1" });
  const response = await verifyCode(app, email, await requestCode(email));
  expect(response.statusCode).toBe(200);
  const grant = cookieFrom(response, "reset_grant");
  if (!grant) throw new Error("no reset_grant cookie");
  return { email, me, headers, grant };
}

const INVALID_CODE = { status: 0, code: "INVALID_CODE", message: "Invalid or expired code" };

describe("POST /api/forgot_password", () => {
  it("mails a 6-digit code in a text and an HTML part, and stores only its hash", async () => {
    const email = uniqueEmail();
    const { me } = await signUpUser(app, { emailId: email, firstName: "<b>Ana</b>" });
    const response = await forgotPassword(app, email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 1,
      message:
        "If an account uses this email, we have sent it a 6-digit code. It is valid for 10 minutes.",
    });
    const [mail] = await mailsTo(app, email);
    expect(Object.keys(mail ?? {}).sort()).toEqual(["createdAt", "html", "subject", "text", "to"]);
    expect(mail?.createdAt).toBe(clock.toISOString());
    const code = recoveryCodeIn(mail);
    expect(mail?.html).toContain(code);
    expect(mail?.text).toContain("Kindred");
    expect(mail?.html).toContain("Kindred");
    // The name the person typed is text in the HTML part, never markup.
    expect(mail?.text).toContain("Hi <b>Ana</b>,");
    expect(mail?.html).toContain("Hi &lt;b&gt;Ana&lt;/b&gt;,");
    expect(mail?.html).not.toContain("<b>Ana</b>");

    const rows = await app.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, me._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.expiresAt.getTime()).toBe(clock.getTime() + 10 * MINUTE);
  });

  it("answers an unknown email with the same status, body and about the same time", async () => {
    const known = uniqueEmail();
    await signUpUser(app, { emailId: known });
    const unknown = uniqueEmail();
    const timings = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i++) {
      for (const [kind, email] of [
        ["known", known],
        ["unknown", unknown],
      ] as const) {
        const started = performance.now();
        const response = await forgotPassword(app, email);
        timings[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(200);
        bodies.add(response.body);
      }
    }
    expect(bodies.size).toBe(1);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
    // Both hash once and send one mail: no branch is skipped for unknown emails.
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.known) * 0.3);
    expect(median(timings.unknown)).toBeLessThan(median(timings.known) * 3 + 50);
    // The unknown address is told that it has no account, and gets no code.
    const [mail] = await mailsTo(app, unknown);
    expect(mail?.text).toContain("no Kindred account uses it");
    expect(mail?.text).not.toMatch(/\d{6}/);
  });

  it("refuses a malformed email with 400 'Invalid email address'", async () => {
    const response = await forgotPassword(app, "not-an-email");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, message: "Invalid email address" });
  });

  it("replaces the earlier code: only the newest one works, and one row is kept", async () => {
    const email = uniqueEmail();
    const { me } = await signUpUser(app, { emailId: email });
    const first = await requestCode(email);
    let second = await requestCode(email);
    // One chance in a million that both are equal; ask once more then.
    if (second === first) second = await requestCode(email);
    expect(
      await app.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, me._id)),
    ).toHaveLength(1);
    const old = await verifyCode(app, email, first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(INVALID_CODE);
    expect((await verifyCode(app, email, second)).statusCode).toBe(200);
  });
});

describe("POST /api/verify_OTP", () => {
  it("opens a grant with an HttpOnly cookie for update_password, and the code works once", async () => {
    const email = uniqueEmail();
    const { me } = await signUpUser(app, { emailId: email });
    const code = await requestCode(email);
    const response = await verifyCode(app, email, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 1,
      message: "Code verified. Choose a new password.",
    });
    const cookie = response.cookies.find((c) => c.name === "reset_grant");
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
      path: "/api/update_password",
      maxAge: 15 * 60,
    });
    const [grant] = await app.db
      .select()
      .from(passwordResetGrants)
      .where(eq(passwordResetGrants.userId, me._id));
    expect(grant?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(grant?.tokenHash).not.toBe(cookie?.value);
    expect(grant?.expiresAt.getTime()).toBe(clock.getTime() + 15 * MINUTE);

    const again = await verifyCode(app, email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_CODE);
  });

  it("accepts a code until 10 minutes have passed, and refuses it after", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email });
    const code = await requestCode(email);
    advance(10 * MINUTE - 1000);
    expect((await verifyCode(app, email, code)).statusCode).toBe(200);

    const late = await requestCode(email);
    advance(10 * MINUTE);
    const response = await verifyCode(app, email, late);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_CODE);
  });

  it("kills a code after 5 wrong tries: even the right code then fails, until a new one is asked", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email });
    const code = await requestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const response = await verifyCode(app, email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_CODE);
    }
    const right = await verifyCode(app, email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(INVALID_CODE);

    const fresh = await requestCode(email);
    expect((await verifyCode(app, email, fresh)).statusCode).toBe(200);
  });

  it("counts concurrent guesses too: 12 at once use up the code's 5 tries", async () => {
    const email = uniqueEmail();
    const { me } = await signUpUser(app, { emailId: email });
    const code = await requestCode(email);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const answers = await Promise.all(guesses.map((guess) => verifyCode(app, email, guess)));
    expect(answers.every((response) => response.statusCode === 400)).toBe(true);
    const [row] = await app.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, me._id));
    expect(row?.failedAttempts).toBe(5);
    expect((await verifyCode(app, email, code)).statusCode).toBe(400);
  });

  it("answers an unknown email and a malformed code like a wrong code or a short one", async () => {
    const unknown = await verifyCode(app, uniqueEmail(), "123456");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(INVALID_CODE);
    const short = await verifyCode(app, uniqueEmail(), "123");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Enter full OTP");
  });
});

describe("PUT /api/update_password", () => {
  it("sets the new password, ends every session and mails a notice; the old password fails", async () => {
    const { email, me, headers, grant } = await userWithGrant();
    const second = await login(email, "old password 1");
    const secondToken = cookieFrom(second, "token");
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, me._id))).toHaveLength(2);

    const response = await updatePassword(app, email, "brand new password", grant);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 1,
      message: "Your password has been changed. Log in with your new password.",
    });
    expect(cookieFrom(response, "reset_grant")).toBe("");

    expect(await app.db.select().from(sessions).where(eq(sessions.userId, me._id))).toHaveLength(0);
    for (const cookie of [headers.cookie, `token=${secondToken}`]) {
      const view = await app.inject({
        method: "GET",
        url: "/api/profile/view",
        headers: { cookie },
      });
      expect(view.statusCode).toBe(401);
    }
    expect((await login(email, "old password 1")).statusCode).toBe(401);
    expect((await login(email, "brand new password")).statusCode).toBe(200);

    // The sign-in after it, from a browser the account has not seen, mails a notice of its own.
    const notice = (await mailsTo(app, email)).find(
      (mail) => mail.subject === "Your Kindred password was changed",
    );
    expect(notice?.subject).toBe("Your Kindred password was changed");
    expect(notice?.html).toContain("every device signed in to it was signed out");
  });

  it("refuses without a grant, and with a grant opened for another account", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email, password: "old password 1" });
    const none = await updatePassword(app, email, "brand new password");
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      status: 0,
      code: "NO_RESET_GRANT",
      message: "Your password reset has expired or was already used. Ask for a new code.",
    });
    const other = await userWithGrant();
    expect((await updatePassword(app, email, "brand new password", other.grant)).statusCode).toBe(
      400,
    );
    expect((await updatePassword(app, email, "brand new password", "made-up")).statusCode).toBe(
      400,
    );
    expect((await login(email, "old password 1")).statusCode).toBe(200);
    // The other account's grant was not used up by those attempts.
    expect(
      (await updatePassword(app, other.email, "brand new password", other.grant)).statusCode,
    ).toBe(200);
  });

  it("refuses a second use of the same grant", async () => {
    const { email, grant } = await userWithGrant();
    expect((await updatePassword(app, email, "first new password", grant)).statusCode).toBe(200);
    const reuse = await updatePassword(app, email, "second new password", grant);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe("NO_RESET_GRANT");
    expect((await login(email, "first new password")).statusCode).toBe(200);
  });

  it("lets only one of two concurrent updates with one grant through", async () => {
    const { email, grant } = await userWithGrant();
    const answers = await Promise.all([
      updatePassword(app, email, "concurrent one 1", grant),
      updatePassword(app, email, "concurrent two 2", grant),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses a grant after 15 minutes", async () => {
    const { email, grant } = await userWithGrant();
    advance(15 * MINUTE + 1000);
    expect((await updatePassword(app, email, "brand new password", grant)).statusCode).toBe(400);
    expect((await login(email, "old password 1")).statusCode).toBe(200);
  });

  it("applies the account's password rules and keeps the grant open", async () => {
    const { email, grant } = await userWithGrant();
    const weak = await updatePassword(app, email, "short", grant);
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Password must be at least 8 characters",
    });
    expect((await updatePassword(app, email, "long enough now", grant)).statusCode).toBe(200);
  });
});

/** POST /api/forgot_password from a browser that reads `acceptLanguage`. */
async function forgotPasswordIn(emailId: string, acceptLanguage: string) {
  const headers = { ...(await anonymousHeaders(app)), "accept-language": acceptLanguage };
  const response = await call(app, headers, "POST", "/api/forgot_password", {
    emailId,
    ...(await botCheck(app)),
  });
  expect(response.statusCode).toBe(200);
  return (await mailsTo(app, emailId)).at(-1);
}

describe("the recovery mails' language", () => {
  it("writes a Spanish account's reset code and password notice in Spanish, whatever the browser reads", async () => {
    const email = uniqueEmail();
    const ana = await signUpUser(app, { emailId: email, firstName: "Ana" });
    const set = await call(app, ana, "PUT", "/api/account/settings", { locale: "es" });
    expect(set.statusCode).toBe(200);

    // The account's language, not the asking browser's.
    const mail = await forgotPasswordIn(email, "ar");
    const code = recoveryCodeIn(mail);
    expect(mail?.subject).toBe(`Tu código para restablecer la contraseña de Kindred: ${code}`);
    expect(mail?.text).toBe(
      [
        "Hola, Ana:",
        "",
        "Usa este código para restablecer tu contraseña de Kindred. Sirve una sola vez, durante 10 minutos:",
        "",
        `    ${code}`,
        "",
        "Si no has pedido restablecer tu contraseña, ignora este correo: tu contraseña sigue igual.",
        "",
        "No compartas nunca este código. Kindred nunca te lo pedirá.",
        "",
        "— Kindred",
      ].join("\n"),
    );
    expect(mail?.html).toContain('<html lang="es" dir="ltr">');

    const verified = await verifyCode(app, email, code);
    expect(verified.statusCode).toBe(200);
    const grant = cookieFrom(verified, "reset_grant");
    expect((await updatePassword(app, email, "brand new password", grant)).statusCode).toBe(200);
    const notice = (await mailsTo(app, email)).at(-1);
    expect(notice?.subject).toBe("Se ha cambiado tu contraseña de Kindred");
    expect(notice?.text).toContain(
      "Se acaba de cambiar la contraseña de tu cuenta de Kindred y se ha cerrado la sesión en todos los dispositivos que la tenían abierta.",
    );
    expect(notice?.text).toContain(
      `Si no has sido tú, restablece tu contraseña enseguida en ${app.config.publicOrigin}/forget-password y escribe a ${app.config.supportEmail}.`,
    );
  });

  it("tells an address without an account in the language the request asked in", async () => {
    const spanish = await forgotPasswordIn(uniqueEmail(), "es-ES,es;q=0.9,en;q=0.5");
    expect(spanish?.subject).toBe("Restablecer la contraseña de Kindred");
    expect(spanish?.text).toContain(
      "Alguien, probablemente tú, ha pedido restablecer la contraseña de una cuenta de Kindred con esta dirección de correo, pero ninguna cuenta de Kindred la usa.",
    );
    expect(spanish?.text).toContain(
      `Para crear una cuenta, ve a ${app.config.publicOrigin}/signup.`,
    );

    const arabic = await forgotPasswordIn(uniqueEmail(), "ar");
    expect(arabic?.subject).toBe("إعادة تعيين كلمة المرور على Kindred");
    expect(arabic?.text).toContain("لكن لا يستخدمه أي حساب على Kindred.");
    expect(arabic?.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("keeps the English mails word for word", async () => {
    const email = uniqueEmail();
    await signUpUser(app, { emailId: email, firstName: "Ana" });
    const mail = await forgotPasswordIn(email, "en-GB");
    const code = recoveryCodeIn(mail);
    expect(mail?.subject).toBe(`Your Kindred password reset code: ${code}`);
    expect(mail?.text).toBe(
      [
        "Hi Ana,",
        "",
        "Use this code to reset your Kindred password. It works once, within 10 minutes:",
        "",
        `    ${code}`,
        "",
        "If you did not ask to reset your password, ignore this email: your password stays as it is.",
        "",
        "Never share this code. Kindred will never ask you for it.",
        "",
        "— Kindred",
      ].join("\n"),
    );

    const verified = await verifyCode(app, email, code);
    const grant = cookieFrom(verified, "reset_grant");
    expect((await updatePassword(app, email, "brand new password", grant)).statusCode).toBe(200);
    const notice = (await mailsTo(app, email)).at(-1);
    expect(notice?.subject).toBe("Your Kindred password was changed");
    expect(notice?.text).toBe(
      [
        "Hi Ana,",
        "",
        "The password of your Kindred account was just changed, and every device signed in to it was signed out.",
        "",
        `If this was not you, reset your password at once at ${app.config.publicOrigin}/forget-password and write to ${app.config.supportEmail}.`,
        "",
        "— Kindred",
      ].join("\n"),
    );

    const unknown = await forgotPasswordIn(uniqueEmail(), "en");
    expect(unknown?.subject).toBe("Kindred password reset");
    expect(unknown?.text).toBe(
      [
        "Hi,",
        "",
        "Someone, probably you, asked to reset the password of a Kindred account for this email address, but no Kindred account uses it.",
        "",
        `If you signed up with another address, ask again with that one. To create an account, go to ${app.config.publicOrigin}/signup.`,
        "",
        "If it was not you, ignore this email.",
        "",
        "— Kindred",
      ].join("\n"),
    );
    expect(unknown?.html).toContain('<html lang="en" dir="ltr">');
  });
});

describe("recovery limits", () => {
  it("limits codes per email with 429, Retry-After and a clear message; other emails go on", async () => {
    const limited = await createTestApp({
      recoveryLimits: {
        ...testConfig().recoveryLimits,
        forgotPasswordPerEmail: { max: 2, windowMs: 30 * MINUTE },
      },
    });
    try {
      const email = uniqueEmail();
      expect((await forgotPassword(limited, email)).statusCode).toBe(200);
      expect((await forgotPassword(limited, email)).statusCode).toBe(200);
      const blocked = await forgotPassword(limited, email.toUpperCase());
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect(blocked.json()).toEqual({
        status: 0,
        code: "RATE_LIMITED",
        message: "Too many attempts. Try again in 30 minutes.",
      });
      expect(await mailsTo(limited, email)).toHaveLength(2);
      expect((await forgotPassword(limited, uniqueEmail())).statusCode).toBe(200);
    } finally {
      await limited.close();
      await rm(limited.config.outboxDir, { recursive: true, force: true });
    }
  });

  it("limits codes and code checks per IP", async () => {
    const limited = await createTestApp({
      recoveryLimits: {
        forgotPasswordPerEmail: { max: 100, windowMs: MINUTE },
        forgotPasswordPerIp: { max: 2, windowMs: MINUTE },
        verifyCodePerIp: { max: 3, windowMs: MINUTE },
      },
    });
    try {
      await forgotPassword(limited, uniqueEmail());
      await forgotPassword(limited, uniqueEmail());
      const third = await forgotPassword(limited, uniqueEmail());
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();

      for (let i = 0; i < 3; i++) {
        expect((await verifyCode(limited, uniqueEmail(), "123456")).statusCode).toBe(400);
      }
      const fourth = await verifyCode(limited, uniqueEmail(), "123456");
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().code).toBe("RATE_LIMITED");
    } finally {
      await limited.close();
      await rm(limited.config.outboxDir, { recursive: true, force: true });
    }
  });
});
