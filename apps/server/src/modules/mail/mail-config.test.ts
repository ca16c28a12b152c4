import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";

describe("mail and recovery configuration", () => {
  it("defaults: a Kindred sender, the outbox under DATA_DIR, 5 codes per email per 30 minutes", () => {
    const config = loadConfig({ DATA_DIR: "/srv/kindred" });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe("Kindred <no-reply@kindred.app>");
    expect(config.outboxDir).toBe(path.resolve("/srv/kindred/outbox"));
    expect(config.supportEmail).toBe("support@kindred.app");
    expect(config.recoveryLimits.forgotPasswordPerEmail).toEqual({ max: 5, windowMs: 30 * 60_000 });
  });

  it("reads SMTP_URL, MAIL_FROM, SUPPORT_EMAIL and the recovery limits", () => {
    const config = loadConfig({
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      MAIL_FROM: "Kindred Team <team@example.com>",
      SUPPORT_EMAIL: "help@example.com",
      RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: "3",
      RATE_LIMIT_FORGOT_PASSWORD_PER_IP: "40",
      RATE_LIMIT_VERIFY_CODE_PER_IP: "90",
    });
    expect(config.smtpUrl).toBe("smtps://user:secret@mail.example.com:465");
    expect(config.mailFrom).toBe("Kindred Team <team@example.com>");
    expect(config.supportEmail).toBe("help@example.com");
    expect(config.recoveryLimits.forgotPasswordPerEmail.max).toBe(3);
    expect(config.recoveryLimits.forgotPasswordPerIp.max).toBe(40);
    expect(config.recoveryLimits.verifyCodePerIp.max).toBe(90);
  });

  it("stops on a bad value with a line naming the variable", () => {
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/^SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: "no address here" })).toThrow(/^MAIL_FROM/);
    expect(() => loadConfig({ SUPPORT_EMAIL: "nope" })).toThrow(/^SUPPORT_EMAIL/);
    expect(() => loadConfig({ RATE_LIMIT_VERIFY_CODE_PER_IP: "0" })).toThrow(
      /^RATE_LIMIT_VERIFY_CODE_PER_IP/,
    );
  });
});
