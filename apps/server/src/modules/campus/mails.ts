import { CAMPUS_CODE_TTL_MINUTES, type Locale } from "@kindred/shared";
import { arabicCount } from "../../i18n/arabic-count.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";

type CampusWords = {
  subject(code: string): string;
  greeting(firstName: string): string;
  useCode: string;
  shows(university: string): string;
  notYou: string;
  footnote: string;
};

const hours = CAMPUS_CODE_TTL_MINUTES / 60;

const CAMPUS_WORDS: Record<Locale, CampusWords> = {
  en: {
    subject: (code) => `Your ${PRODUCT_NAME} university email code: ${code}`,
    greeting: (firstName) => `Hi ${firstName},`,
    useCode: `Use this code to verify your university email on ${PRODUCT_NAME}. It works once, within ${hours} hour:`,
    shows: (university) =>
      `Once it is verified, your card shows ${university}. This address itself is never shown to anyone.`,
    notYou: "If you did not ask for this, ignore this email: nothing changes.",
    footnote: `Never share this code. ${PRODUCT_NAME} will never ask you for it.`,
  },
  es: {
    subject: (code) => `Tu código del correo universitario de ${PRODUCT_NAME}: ${code}`,
    greeting: (firstName) => `Hola, ${firstName}:`,
    useCode: `Usa este código para verificar tu correo universitario en ${PRODUCT_NAME}. Sirve una sola vez, durante ${hours} ${hours === 1 ? "hora" : "horas"}:`,
    shows: (university) =>
      `Cuando esté verificado, tu tarjeta mostrará ${university}. La dirección en sí no se le muestra nunca a nadie.`,
    notYou: "Si no lo has pedido tú, ignora este correo: no cambiará nada.",
    footnote: `No compartas nunca este código. ${PRODUCT_NAME} nunca te lo pedirá.`,
  },
  ar: {
    subject: (code) => `رمز البريد الجامعي الخاص بك على ${PRODUCT_NAME}: ${code}`,
    greeting: (firstName) => `مرحبًا ${firstName}،`,
    useCode: `استخدم هذا الرمز للتحقق من بريدك الجامعي على ${PRODUCT_NAME}. يعمل مرة واحدة خلال ${arabicCount(
      hours,
      { one: "ساعة", two: "ساعتين", few: "ساعات", many: "ساعة" },
    )}:`,
    shows: (university) =>
      `بعد التحقق منه، ستعرض بطاقتك ${university}. أما العنوان نفسه فلا يُعرض لأحد أبدًا.`,
    notYou: "إن لم تطلب ذلك، فتجاهل هذه الرسالة: لن يتغير شيء.",
    footnote: `لا تشارك هذا الرمز مع أحد أبدًا. لن يطلبه ${PRODUCT_NAME} منك أبدًا.`,
  },
};

/**
 * The code that proves a university address, in the account's language; the subject names it
 * apart from the account's.
 */
export function campusCodeMail(
  to: string,
  firstName: string,
  university: string,
  code: string,
  locale: Locale = "en",
): MailMessage {
  const words = CAMPUS_WORDS[locale];
  return {
    to,
    subject: words.subject(code),
    ...renderMail({
      greeting: words.greeting(firstName),
      paragraphs: [words.useCode, words.shows(university), words.notYou],
      code,
      footnote: words.footnote,
      locale,
    }),
  };
}
