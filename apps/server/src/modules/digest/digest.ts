import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { JobContext, JobOutcome } from "../jobs/worker.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";
import {
  dueDigestItems,
  markNotificationsEmailed,
  nextDigestDueAt,
} from "../notifications/service.ts";
import { findUserById } from "../users/service.ts";

/** Notifications one digest names at most; more go in the next one, sent at once. */
export const DIGEST_MAX_ITEMS = 50;

const DEFAULT_DIGEST_DELAY_MS = 30 * 60_000;

const digestPayloadSchema = z.object({ userId: z.guid() });

export type DigestRecipient = { email: string; firstName: string };

/** One mail naming each waiting notification with its link; unsubscribing is one click away. */
export function digestMail(
  recipient: DigestRecipient,
  items: { text: string; url: string }[],
  publicOrigin: string,
): MailMessage {
  const settingsUrl = `${publicOrigin}/settings`;
  const lines = items.map((item) => `${item.text}: ${publicOrigin}${item.url}`);
  const count = items.length;
  return {
    to: recipient.email,
    subject: `${count} new ${count === 1 ? "notification" : "notifications"} on ${PRODUCT_NAME}`,
    headers: { "List-Unsubscribe": `<${settingsUrl}>` },
    ...renderMail({
      greeting: `Hi ${recipient.firstName},`,
      paragraphs: [`Here is what happened on ${PRODUCT_NAME} while you were away:`, ...lines],
      footnote: `You get these emails because email notifications are on. Choose which ones you get at ${settingsUrl}.`,
    }),
  };
}

/**
 * `digest` (one waiting per person, key digest:<userId>): one mail naming every notification of
 * theirs still unread, not yet emailed, older than the delay and of a kind whose email is on;
 * nothing when none is. Newer ones not yet due bring the same job back at their time.
 */
export function digestHandler(app: FastifyInstance) {
  return async ({ job, log }: JobContext): Promise<JobOutcome> => {
    const payload = digestPayloadSchema.safeParse(job.payload);
    if (!payload.success) {
      log.error("digest job dropped: its payload names no person");
      return undefined;
    }
    const { userId } = payload.data;
    const delayMs = app.config.digestDelayMs ?? DEFAULT_DIGEST_DELAY_MS;
    const recipient = await findUserById(app.db, userId);
    if (!recipient) return undefined;
    const items = await dueDigestItems(app.db, userId, delayMs, DIGEST_MAX_ITEMS);
    if (items.length > 0) {
      await app.deliverMail(digestMail(recipient, items, app.config.publicOrigin), log);
      // After the mail: a failure to mark means one mail too many, never one missed.
      await markNotificationsEmailed(
        app.db,
        items.map((item) => item.id),
      );
    }
    if (items.length >= DIGEST_MAX_ITEMS) return { runAgainAt: app.now() };
    const next = await nextDigestDueAt(app.db, userId, delayMs);
    return next ? { runAgainAt: next } : undefined;
  };
}

/** Registers the digest's job handler. */
export async function digestPlugin(app: FastifyInstance): Promise<void> {
  app.jobs.handle("digest", digestHandler(app));
}
