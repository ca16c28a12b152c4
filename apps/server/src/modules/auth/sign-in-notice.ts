import type { Locale } from "@kindred/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { formatDateTimeInZone } from "../../i18n/dates.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";
import { describeDevice } from "../sessions/device.ts";
import { localeOfUser } from "../users/service.ts";
import { type LoginAccount, markDeviceKnown, trustedDevice } from "./login-throttle.ts";

type SignedInUser = LoginAccount & {
  email: string;
  firstName: string;
  locale?: string | null;
  timeZone?: string | null;
};

/**
 * After any sign-in (password, passkey, two-step code): from a browser that never signed in to
 * this account (no valid device cookie, see login-throttle.ts), mails "A new sign-in to your
 * account" and marks the browser known. Sign-up marks its browser too, so the first sign-in
 * after it sends nothing. A security mail: it goes whatever the person's mail settings; a mail
 * that fails is logged and the sign-in stands.
 */
export async function noteSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SignedInUser,
): Promise<void> {
  if (trustedDevice(request, user)) return;
  markDeviceKnown(reply, user);
  const { browser, os } = describeDevice(request.headers["user-agent"]);
  try {
    await app.sendMail(
      request,
      newSignInMail(
        user.email,
        user.firstName,
        app.config.publicOrigin,
        {
          browser: browser ?? null,
          os: os ?? null,
          at: app.now(),
        },
        { locale: localeOfUser({ locale: user.locale ?? null }), timeZone: user.timeZone ?? null },
      ),
    );
  } catch {
    // Already logged with the request id; the sign-in itself went well.
  }
}

export const NEW_SIGN_IN_SUBJECT = `A new sign-in to your ${PRODUCT_NAME} account`;

type SignInWords = {
  subject: string;
  greeting(firstName: string): string;
  unknownBrowser: string;
  unknownSystem: string;
  seen(device: string, os: string, when: string): string;
  ifNotYou(publicOrigin: string): string;
};

const SIGN_IN_WORDS: Record<Locale, SignInWords> = {
  en: {
    subject: NEW_SIGN_IN_SUBJECT,
    greeting: (firstName) => `Hi ${firstName},`,
    unknownBrowser: "Unknown browser",
    unknownSystem: "an unknown system",
    seen: (browser, os, when) =>
      `Your ${PRODUCT_NAME} account was just signed in to from a device it has not seen before: ${browser} on ${os}, on ${when}.`,
    ifNotYou: (origin) =>
      `If this was you, there is nothing to do. If not, sign that device out at ${origin}/settings#devices and change your password.`,
  },
  es: {
    subject: `Nuevo inicio de sesión en tu cuenta de ${PRODUCT_NAME}`,
    greeting: (firstName) => `Hola, ${firstName}:`,
    unknownBrowser: "Navegador desconocido",
    unknownSystem: "un sistema desconocido",
    seen: (browser, os, when) =>
      `Se acaba de iniciar sesión en tu cuenta de ${PRODUCT_NAME} desde un dispositivo que no había visto antes: ${browser} en ${os}, el ${when}.`,
    ifNotYou: (origin) =>
      `Si has sido tú, no tienes que hacer nada. Si no, cierra la sesión de ese dispositivo en ${origin}/settings#devices y cambia tu contraseña.`,
  },
  ar: {
    subject: `تسجيل دخول جديد إلى حسابك على ${PRODUCT_NAME}`,
    greeting: (firstName) => `مرحبًا ${firstName}،`,
    unknownBrowser: "متصفح غير معروف",
    unknownSystem: "نظام غير معروف",
    seen: (browser, os, when) =>
      `سُجّل الدخول للتو إلى حسابك على ${PRODUCT_NAME} من جهاز لم يُرَ من قبل: ${browser} على ${os}، في ${when}.`,
    ifNotYou: (origin) =>
      `إن كنت أنت، فلا داعي لفعل شيء. وإلا، فسجّل خروج ذلك الجهاز من ${origin}/settings#devices وغيّر كلمة المرور.`,
  },
};

/**
 * "A new sign-in to your account", in the person's language, dated in their time zone (English:
 * as it always was, in UTC).
 */
export function newSignInMail(
  to: string,
  firstName: string,
  publicOrigin: string,
  device: { browser: string | null; os: string | null; at: Date },
  reader: { locale: Locale; timeZone: string | null } = { locale: "en", timeZone: null },
): MailMessage {
  const words = SIGN_IN_WORDS[reader.locale];
  const when =
    reader.locale === "en"
      ? `${device.at.toLocaleString("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`
      : formatDateTimeInZone(device.at, reader.locale, reader.timeZone);
  return {
    to,
    subject: words.subject,
    ...renderMail({
      greeting: words.greeting(firstName),
      paragraphs: [
        words.seen(device.browser ?? words.unknownBrowser, device.os ?? words.unknownSystem, when),
        words.ifNotYou(publicOrigin),
      ],
      locale: reader.locale,
    }),
  };
}
