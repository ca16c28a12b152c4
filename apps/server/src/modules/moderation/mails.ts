import { APPEAL_WINDOW_DAYS, type Locale, type ModerationActionBody } from "@kindred/shared";
import { arabicCount } from "../../i18n/arabic-count.ts";
import { formatDateTimeInZone } from "../../i18n/dates.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";

/** What the person is told was decided: an action on a report, or an appeal's outcome. */
export type Decision =
  | { action: Exclude<ModerationActionBody["action"], "suspend"> }
  | { action: "suspend"; days: number; until: Date }
  | { action: "appeal_overturned" | "appeal_upheld" };

/** The reader of a decision: their language, and the time zone a suspension's end is dated in. */
export type Reader = { locale: Locale; timeZone: string | null };

const ENGLISH: Reader = { locale: "en", timeZone: null };

type ModerationWords = {
  subject: string;
  greeting(firstName: string): string;
  decision(decision: Decision, timeZone: string | null): string;
  reason(reason: string): string;
  appealHow: string;
  appealHere(link: string): string;
  footnote: string;
};

const arabicDays = (days: number) =>
  arabicCount(days, { one: "يوم واحد", two: "يومين", few: "أيام", many: "يومًا" });

const MODERATION_WORDS: Record<Locale, ModerationWords> = {
  en: {
    subject: `About your ${PRODUCT_NAME} account`,
    greeting: (firstName) => `Hello ${firstName},`,
    decision: (decision) => {
      switch (decision.action) {
        case "warn":
          return "A moderator warned you";
        case "remove":
          return "A moderator removed something you wrote";
        case "suspend":
          return `A moderator suspended your account for ${decision.days} day${decision.days === 1 ? "" : "s"}, until ${decision.until.toUTCString()}`;
        case "ban":
          return "A moderator banned your account";
        case "appeal_overturned":
          return "A moderator accepted your appeal and reversed the decision";
        case "appeal_upheld":
          return "A moderator reviewed your appeal and kept the decision";
        default:
          return "A moderator reviewed a report about you";
      }
    },
    reason: (reason) => `The reason: ${reason}`,
    appealHow: `You can appeal once within ${APPEAL_WINDOW_DAYS} days; a different moderator decides.`,
    appealHere: (link) => `Appeal here: ${link}`,
    footnote:
      "This message is about your account's safety; it is sent whatever your mail settings.",
  },
  es: {
    subject: `Sobre tu cuenta de ${PRODUCT_NAME}`,
    greeting: (firstName) => `Hola, ${firstName}:`,
    decision: (decision, timeZone) => {
      switch (decision.action) {
        case "warn":
          return "Un moderador te ha hecho una advertencia";
        case "remove":
          return "Un moderador ha eliminado algo que escribiste";
        case "suspend":
          return `Un moderador ha suspendido tu cuenta durante ${decision.days} ${decision.days === 1 ? "día" : "días"}, hasta el ${formatDateTimeInZone(decision.until, "es", timeZone)}`;
        case "ban":
          return "Un moderador ha expulsado tu cuenta";
        case "appeal_overturned":
          return "Un moderador ha aceptado tu apelación y ha revocado la decisión";
        case "appeal_upheld":
          return "Un moderador ha revisado tu apelación y ha mantenido la decisión";
        default:
          return "Un moderador ha revisado una denuncia sobre ti";
      }
    },
    reason: (reason) => `El motivo: ${reason}`,
    appealHow: `Puedes apelar una vez en un plazo de ${APPEAL_WINDOW_DAYS} días; decidirá otro moderador.`,
    appealHere: (link) => `Apela aquí: ${link}`,
    footnote:
      "Este mensaje trata de la seguridad de tu cuenta; te llega sea cual sea tu configuración de correo.",
  },
  ar: {
    subject: `بخصوص حسابك على ${PRODUCT_NAME}`,
    greeting: (firstName) => `مرحبًا ${firstName}،`,
    decision: (decision, timeZone) => {
      switch (decision.action) {
        case "warn":
          return "وجّه إليك أحد المشرفين تحذيرًا";
        case "remove":
          return "حذف أحد المشرفين شيئًا كتبته";
        case "suspend":
          return `أوقف أحد المشرفين حسابك لمدة ${arabicDays(decision.days)}، حتى ${formatDateTimeInZone(decision.until, "ar", timeZone)}`;
        case "ban":
          return "حظر أحد المشرفين حسابك";
        case "appeal_overturned":
          return "قبل أحد المشرفين طعنك وألغى القرار";
        case "appeal_upheld":
          return "راجع أحد المشرفين طعنك وأبقى على القرار";
        default:
          return "راجع أحد المشرفين بلاغًا عنك";
      }
    },
    reason: (reason) => `السبب: ${reason}`,
    appealHow: `يمكنك الطعن مرة واحدة خلال ${arabicDays(APPEAL_WINDOW_DAYS)}، ويبتّ فيه مشرف آخر.`,
    appealHere: (link) => `قدّم طعنك من هنا: ${link}`,
    footnote: "تتعلق هذه الرسالة بأمان حسابك، لذا تصلك أيًّا كانت إعدادات البريد لديك.",
  },
};

/**
 * The decision as one sentence, without its reason (English by default: the notification keeps
 * the English text, translated when it is read).
 */
export function decisionSentence(decision: Decision, reader: Reader = ENGLISH): string {
  return MODERATION_WORDS[reader.locale].decision(decision, reader.timeZone);
}

/** How to appeal, as the notification tells it. */
export const APPEAL_HOW = MODERATION_WORDS.en.appealHow;

/**
 * The decision mailed to the person, in their language; with `appealLink` when they may appeal.
 * The reason is the moderator's own words, as written.
 */
export function decisionMail(
  to: string,
  firstName: string,
  told: { decision: Decision; reason: string; appealLink: string | null },
  reader: Reader = ENGLISH,
): MailMessage {
  const words = MODERATION_WORDS[reader.locale];
  return {
    to,
    subject: words.subject,
    ...renderMail({
      greeting: words.greeting(firstName),
      paragraphs: [
        `${decisionSentence(told.decision, reader)}.`,
        words.reason(told.reason),
        ...(told.appealLink ? [`${words.appealHow} ${words.appealHere(told.appealLink)}`] : []),
      ],
      footnote: words.footnote,
      locale: reader.locale,
    }),
  };
}
