import { type Locale, OTP_TTL_MINUTES } from "@kindred/shared";
import { arabicCount } from "../../i18n/arabic-count.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { accountChangeNotice, PRODUCT_NAME, renderMail } from "../mail/template.ts";

type RecoveryWords = {
  codeSubject(code: string): string;
  greeting(firstName: string): string;
  useCode: string;
  notAsked: string;
  footnote: string;
  noAccountSubject: string;
  noAccountGreeting: string;
  noAccount: string;
  otherAddress(publicOrigin: string): string;
  notYou: string;
  changedSubject: string;
  changed: string;
};

const RECOVERY_WORDS: Record<Locale, RecoveryWords> = {
  en: {
    codeSubject: (code) => `Your ${PRODUCT_NAME} password reset code: ${code}`,
    greeting: (firstName) => `Hi ${firstName},`,
    useCode: `Use this code to reset your ${PRODUCT_NAME} password. It works once, within ${OTP_TTL_MINUTES} minutes:`,
    notAsked:
      "If you did not ask to reset your password, ignore this email: your password stays as it is.",
    footnote: `Never share this code. ${PRODUCT_NAME} will never ask you for it.`,
    noAccountSubject: `${PRODUCT_NAME} password reset`,
    noAccountGreeting: "Hi,",
    noAccount: `Someone, probably you, asked to reset the password of a ${PRODUCT_NAME} account for this email address, but no ${PRODUCT_NAME} account uses it.`,
    otherAddress: (origin) =>
      `If you signed up with another address, ask again with that one. To create an account, go to ${origin}/signup.`,
    notYou: "If it was not you, ignore this email.",
    changedSubject: `Your ${PRODUCT_NAME} password was changed`,
    changed: `The password of your ${PRODUCT_NAME} account was just changed, and every device signed in to it was signed out.`,
  },
  es: {
    codeSubject: (code) => `Tu código para restablecer la contraseña de ${PRODUCT_NAME}: ${code}`,
    greeting: (firstName) => `Hola, ${firstName}:`,
    useCode: `Usa este código para restablecer tu contraseña de ${PRODUCT_NAME}. Sirve una sola vez, durante ${OTP_TTL_MINUTES} minutos:`,
    notAsked:
      "Si no has pedido restablecer tu contraseña, ignora este correo: tu contraseña sigue igual.",
    footnote: `No compartas nunca este código. ${PRODUCT_NAME} nunca te lo pedirá.`,
    noAccountSubject: `Restablecer la contraseña de ${PRODUCT_NAME}`,
    noAccountGreeting: "Hola:",
    noAccount: `Alguien, probablemente tú, ha pedido restablecer la contraseña de una cuenta de ${PRODUCT_NAME} con esta dirección de correo, pero ninguna cuenta de ${PRODUCT_NAME} la usa.`,
    otherAddress: (origin) =>
      `Si te registraste con otra dirección, vuelve a pedirlo con esa. Para crear una cuenta, ve a ${origin}/signup.`,
    notYou: "Si no has sido tú, ignora este correo.",
    changedSubject: `Se ha cambiado tu contraseña de ${PRODUCT_NAME}`,
    changed: `Se acaba de cambiar la contraseña de tu cuenta de ${PRODUCT_NAME} y se ha cerrado la sesión en todos los dispositivos que la tenían abierta.`,
  },
  ar: {
    codeSubject: (code) => `رمز إعادة تعيين كلمة المرور الخاص بك على ${PRODUCT_NAME}: ${code}`,
    greeting: (firstName) => `مرحبًا ${firstName}،`,
    useCode: `استخدم هذا الرمز لإعادة تعيين كلمة مرورك على ${PRODUCT_NAME}. يعمل مرة واحدة خلال ${arabicCount(
      OTP_TTL_MINUTES,
      { one: "دقيقة", two: "دقيقتين", few: "دقائق", many: "دقيقة" },
    )}:`,
    notAsked: "إن لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.",
    footnote: `لا تشارك هذا الرمز مع أحد أبدًا. لن يطلبه ${PRODUCT_NAME} منك أبدًا.`,
    noAccountSubject: `إعادة تعيين كلمة المرور على ${PRODUCT_NAME}`,
    noAccountGreeting: "مرحبًا،",
    noAccount: `طلب أحدهم، وربما أنت، إعادة تعيين كلمة مرور حساب على ${PRODUCT_NAME} لعنوان البريد الإلكتروني هذا، لكن لا يستخدمه أي حساب على ${PRODUCT_NAME}.`,
    otherAddress: (origin) =>
      `إن كنت قد سجّلت بعنوان آخر، فاطلب ذلك مجددًا به. ولإنشاء حساب، انتقل إلى ${origin}/signup.`,
    notYou: "إن لم تكن أنت، فتجاهل هذه الرسالة.",
    changedSubject: `تغيّرت كلمة مرورك على ${PRODUCT_NAME}`,
    changed: `تغيّرت كلمة مرور حسابك على ${PRODUCT_NAME} للتو، وسُجّل الخروج من كل جهاز كان مسجّل الدخول إليه.`,
  },
};

/** The reset code, in the account's language. */
export function codeMail(
  to: string,
  firstName: string,
  code: string,
  locale: Locale = "en",
): MailMessage {
  const words = RECOVERY_WORDS[locale];
  return {
    to,
    subject: words.codeSubject(code),
    ...renderMail({
      greeting: words.greeting(firstName),
      paragraphs: [words.useCode, words.notAsked],
      code,
      footnote: words.footnote,
      locale,
    }),
  };
}

/**
 * Sent when the address has no account: the person learns it, the asker learns nothing. With no
 * account to ask, it is in the language of the request that asked.
 */
export function noAccountMail(
  to: string,
  publicOrigin: string,
  locale: Locale = "en",
): MailMessage {
  const words = RECOVERY_WORDS[locale];
  return {
    to,
    subject: words.noAccountSubject,
    ...renderMail({
      greeting: words.noAccountGreeting,
      paragraphs: [words.noAccount, words.otherAddress(publicOrigin)],
      footnote: words.notYou,
      locale,
    }),
  };
}

export function passwordChangedMail(
  to: string,
  firstName: string,
  publicOrigin: string,
  supportEmail: string,
  locale: Locale = "en",
): MailMessage {
  const words = RECOVERY_WORDS[locale];
  return accountChangeNotice({
    to,
    firstName,
    subject: words.changedSubject,
    happened: words.changed,
    publicOrigin,
    supportEmail,
    locale,
  });
}
