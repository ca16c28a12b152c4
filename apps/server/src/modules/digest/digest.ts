import type { Locale } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { arabicCount } from "../../i18n/arabic-count.ts";
import { withPayload } from "../jobs/worker.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";
import {
  dueDigestItems,
  markNotificationsEmailed,
  nextDigestDueAt,
} from "../notifications/service.ts";
import { findUserById, localeOfUser } from "../users/service.ts";

/** Notifications one digest names at most; more go in the next one, sent at once. */
export const DIGEST_MAX_ITEMS = 50;

const DEFAULT_DIGEST_DELAY_MS = 30 * 60_000;

const digestPayloadSchema = z.object({ userId: z.guid() });

export type DigestRecipient = { email: string; firstName: string; locale?: Locale };

type DigestWords = {
  subject(count: number): string;
  greeting(firstName: string): string;
  intro: string;
  footnote(settingsUrl: string): string;
};

const DIGEST_WORDS: Record<Locale, DigestWords> = {
  en: {
    subject: (count) =>
      `${count} new ${count === 1 ? "notification" : "notifications"} on ${PRODUCT_NAME}`,
    greeting: (firstName) => `Hi ${firstName},`,
    intro: `Here is what happened on ${PRODUCT_NAME} while you were away:`,
    footnote: (url) =>
      `You get these emails because email notifications are on. Choose which ones you get at ${url}.`,
  },
  es: {
    subject: (count) =>
      count === 1
        ? `1 notificación nueva en ${PRODUCT_NAME}`
        : `${count} notificaciones nuevas en ${PRODUCT_NAME}`,
    greeting: (firstName) => `Hola, ${firstName}:`,
    intro: `Esto es lo que ha pasado en ${PRODUCT_NAME} mientras no estabas:`,
    footnote: (url) =>
      `Recibes estos correos porque tienes activadas las notificaciones por correo. Elige cuáles recibir en ${url}.`,
  },
  ar: {
    subject: (count) =>
      `${arabicCount(count, { one: "إشعار جديد", two: "إشعاران جديدان", few: "إشعارات جديدة", many: "إشعارًا جديدًا" })} على ${PRODUCT_NAME}`,
    greeting: (firstName) => `مرحبًا ${firstName}،`,
    intro: `إليك ما حدث على ${PRODUCT_NAME} أثناء غيابك:`,
    footnote: (url) =>
      `تصلك هذه الرسائل لأن إشعارات البريد الإلكتروني مفعّلة. اختر ما يصلك منها من ${url}.`,
  },
};

/**
 * One mail naming each waiting notification with its link, in the recipient's language;
 * unsubscribing is one click away.
 */
export function digestMail(
  recipient: DigestRecipient,
  items: { text: string; url: string }[],
  publicOrigin: string,
): MailMessage {
  const locale = recipient.locale ?? "en";
  const words = DIGEST_WORDS[locale];
  const settingsUrl = `${publicOrigin}/settings`;
  const lines = items.map((item) => `${item.text}: ${publicOrigin}${item.url}`);
  return {
    to: recipient.email,
    subject: words.subject(items.length),
    headers: { "List-Unsubscribe": `<${settingsUrl}>` },
    ...renderMail({
      greeting: words.greeting(recipient.firstName),
      paragraphs: [words.intro, ...lines],
      footnote: words.footnote(settingsUrl),
      locale,
    }),
  };
}

/**
 * `digest` (one waiting per person, key digest:<userId>): one mail naming every notification of
 * theirs still unread, not yet emailed, older than the delay and of a kind whose email is on;
 * nothing when none is. Newer ones not yet due bring the same job back at their time.
 */
export function digestHandler(app: FastifyInstance) {
  return withPayload(
    digestPayloadSchema,
    "digest job dropped: its payload names no person",
    async (payload, { log }) => {
      const { userId } = payload;
      const delayMs = app.config.digestDelayMs ?? DEFAULT_DIGEST_DELAY_MS;
      const recipient = await findUserById(app.db, userId);
      if (!recipient) return undefined;
      const locale = localeOfUser(recipient);
      const items = await dueDigestItems(app.db, userId, delayMs, DIGEST_MAX_ITEMS, locale);
      if (items.length > 0) {
        const to = { email: recipient.email, firstName: recipient.firstName, locale };
        await app.deliverMail(digestMail(to, items, app.config.publicOrigin), log);
        // After the mail: a failure to mark means one mail too many, never one missed.
        await markNotificationsEmailed(
          app.db,
          items.map((item) => item.id),
        );
      }
      if (items.length >= DIGEST_MAX_ITEMS) return { runAgainAt: app.now() };
      const next = await nextDigestDueAt(app.db, userId, delayMs);
      return next ? { runAgainAt: next } : undefined;
    },
  );
}

/** Registers the digest's job handler. */
export async function digestPlugin(app: FastifyInstance): Promise<void> {
  app.jobs.handle("digest", digestHandler(app));
}
