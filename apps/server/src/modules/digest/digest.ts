import type { NotificationKind } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { JobContext, JobOutcome } from "../jobs/worker.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";
import { notificationText } from "../notifications/text.ts";
import {
  DIGEST_MAX_ITEMS,
  type DigestItem,
  type DigestRecipient,
  findDigestRecipient,
  findDueDigestItems,
  markEmailed,
  nextDigestDueAt,
} from "./repository.ts";

const DEFAULT_DIGEST_DELAY_MS = 30 * 60_000;

const digestPayloadSchema = z.object({ userId: z.guid() });

/** One mail naming each waiting notification with its link; unsubscribing is one click away. */
export function digestMail(
  recipient: DigestRecipient,
  items: DigestItem[],
  publicOrigin: string,
): MailMessage {
  const settingsUrl = `${publicOrigin}/settings`;
  const lines = items.map((item) => {
    const sentence = notificationText({
      kind: item.kind as NotificationKind,
      actorNames: item.actorNames,
      actorCount: item.actorCount,
      messageCount: item.messageCount,
    });
    return `${sentence}: ${publicOrigin}${item.url}`;
  });
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
    const recipient = await findDigestRecipient(app.db, userId);
    if (!recipient) return undefined;
    const items = await findDueDigestItems(app.db, userId, delayMs);
    if (items.length > 0) {
      await app.deliverMail(digestMail(recipient, items, app.config.publicOrigin), log);
      // After the mail: a failure to mark means one mail too many, never one missed.
      await markEmailed(
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
