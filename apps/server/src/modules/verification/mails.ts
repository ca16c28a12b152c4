import { EMAIL_VERIFICATION_TTL_MINUTES, type Locale, VERIFY_EMAIL_PATH } from "@kindred/shared";
import type { MailMessage } from "../mail/mailer.ts";
import { accountChangeNotice, PRODUCT_NAME, renderMail } from "../mail/template.ts";

/** The link that verifies in one click, signed in or not. */
export function verifyLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

type VerificationWords = {
  why(change: boolean): string;
  subject(code: string): string;
  greeting(firstName: string): string;
  once(why: string): string;
  link(link: string): string;
  notYou(change: boolean): string;
  footnote: string;
};

const hours = EMAIL_VERIFICATION_TTL_MINUTES / 60;

const VERIFICATION_WORDS: Record<Locale, VerificationWords> = {
  en: {
    why: (change) =>
      change
        ? `Use this code to make this address the email of your ${PRODUCT_NAME} account.`
        : `Welcome to ${PRODUCT_NAME}! Use this code to verify your email address.`,
    subject: (code) => `Your ${PRODUCT_NAME} verification code: ${code}`,
    greeting: (firstName) => `Hi ${firstName},`,
    once: (why) => `${why} It works once, within ${hours} hour:`,
    link: (link) => `Or open this link to verify in one click: ${link}`,
    notYou: (change) =>
      change
        ? "If you did not ask for this, ignore this email: nothing changes."
        : `If you did not sign up for ${PRODUCT_NAME}, ignore this email.`,
    footnote: `Never share this code. ${PRODUCT_NAME} will never ask you for it.`,
  },
  es: {
    why: (change) =>
      change
        ? `Usa este código para que esta dirección sea el correo de tu cuenta de ${PRODUCT_NAME}.`
        : `¡Te damos la bienvenida a ${PRODUCT_NAME}! Usa este código para verificar tu correo.`,
    subject: (code) => `Tu código de verificación de ${PRODUCT_NAME}: ${code}`,
    greeting: (firstName) => `Hola, ${firstName}:`,
    once: (why) => `${why} Sirve una sola vez, durante ${hours} hora:`,
    link: (link) => `O abre este enlace para verificarlo con un clic: ${link}`,
    notYou: (change) =>
      change
        ? "Si no lo has pedido tú, ignora este correo: no cambiará nada."
        : `Si no te has registrado en ${PRODUCT_NAME}, ignora este correo.`,
    footnote: `No compartas nunca este código. ${PRODUCT_NAME} nunca te lo pedirá.`,
  },
  ar: {
    why: (change) =>
      change
        ? `استخدم هذا الرمز لجعل هذا العنوان بريد حسابك على ${PRODUCT_NAME}.`
        : `مرحبًا بك في ${PRODUCT_NAME}! استخدم هذا الرمز للتحقق من بريدك الإلكتروني.`,
    subject: (code) => `رمز التحقق الخاص بك على ${PRODUCT_NAME}: ${code}`,
    greeting: (firstName) => `مرحبًا ${firstName}،`,
    once: (why) => `${why} يعمل مرة واحدة خلال ساعة:`,
    link: (link) => `أو افتح هذا الرابط للتحقق بنقرة واحدة: ${link}`,
    notYou: (change) =>
      change
        ? "إن لم تطلب ذلك، فتجاهل هذه الرسالة: لن يتغير شيء."
        : `إن لم تسجّل في ${PRODUCT_NAME}، فتجاهل هذه الرسالة.`,
    footnote: `لا تشارك هذا الرمز مع أحد أبدًا. لن يطلبه ${PRODUCT_NAME} منك أبدًا.`,
  },
};

/**
 * A code and a link for the address being verified (a new account's, or a new one), in the
 * person's language.
 */
export function verificationMail(
  to: string,
  firstName: string,
  code: string,
  link: string,
  change: boolean,
  locale: Locale = "en",
): MailMessage {
  const words = VERIFICATION_WORDS[locale];
  return {
    to,
    subject: words.subject(code),
    ...renderMail({
      greeting: words.greeting(firstName),
      paragraphs: [words.once(words.why(change)), words.link(link), words.notYou(change)],
      code,
      footnote: words.footnote,
      locale,
    }),
  };
}

const EMAIL_CHANGED_WORDS: Record<Locale, { subject: string; happened: string }> = {
  en: {
    subject: `Your ${PRODUCT_NAME} email was changed`,
    happened: `The email of your ${PRODUCT_NAME} account was just changed, so we will no longer write to this address.`,
  },
  es: {
    subject: `Se ha cambiado el correo de tu cuenta de ${PRODUCT_NAME}`,
    happened: `Se acaba de cambiar el correo de tu cuenta de ${PRODUCT_NAME}, así que ya no escribiremos a esta dirección.`,
  },
  ar: {
    subject: `تغيّر البريد الإلكتروني لحسابك على ${PRODUCT_NAME}`,
    happened: `تغيّر البريد الإلكتروني لحسابك على ${PRODUCT_NAME} للتو، لذا لن نراسل هذا العنوان بعد الآن.`,
  },
};

/** Told to the old address once the new one is verified, in the person's language. */
export function emailChangedMail(
  to: string,
  firstName: string,
  publicOrigin: string,
  supportEmail: string,
  locale: Locale = "en",
): MailMessage {
  return accountChangeNotice({
    to,
    firstName,
    ...EMAIL_CHANGED_WORDS[locale],
    publicOrigin,
    supportEmail,
    locale,
  });
}
