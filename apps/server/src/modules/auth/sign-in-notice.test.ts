import { describe, expect, it } from "vitest";
import { verificationMail } from "../verification/mails.ts";
import { NEW_SIGN_IN_SUBJECT, newSignInMail } from "./sign-in-notice.ts";

const at = new Date("2030-05-17T16:00:00Z");

describe("security mails in the reader's language", () => {
  it("dates a new sign-in in Arabic in the person's time zone", () => {
    const mail = newSignInMail(
      "layla@example.com",
      "Layla",
      "https://kindred.example",
      { browser: "Firefox", os: null, at },
      { locale: "ar", timeZone: "Asia/Dubai" },
    );
    const when = new Intl.DateTimeFormat("ar", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "Asia/Dubai",
    }).format(at);
    expect(mail.subject).toBe("تسجيل دخول جديد إلى حسابك على Kindred");
    expect(mail.text).toContain(`Firefox على نظام غير معروف، في ${when} (Asia/Dubai).`);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("keeps the English mail word for word, in UTC", () => {
    const mail = newSignInMail("ana@example.com", "Ana", "https://kindred.example", {
      browser: null,
      os: "macOS",
      at,
    });
    expect(mail.subject).toBe(NEW_SIGN_IN_SUBJECT);
    expect(mail.text).toContain(
      "Your Kindred account was just signed in to from a device it has not seen before: Unknown browser on macOS, on 17 May 2030 at 16:00 UTC.",
    );
  });

  it("sends the verification code in Spanish", () => {
    const mail = verificationMail("ana@example.com", "Ana", "123456", "https://k/v", false, "es");
    expect(mail.subject).toBe("Tu código de verificación de Kindred: 123456");
    expect(mail.text).toContain("Hola, Ana:");
    expect(mail.text).toContain("¡Te damos la bienvenida a Kindred!");
  });
});
