import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { enqueueJob } from "../jobs/service.ts";
import { type JobContext, type JobOutcome, RetryableJobError } from "../jobs/worker.ts";
import { notificationForDelivery } from "../notifications/service.ts";
import { deleteSubscription, findSubscription, subscriptionIdsOf } from "./repository.ts";
import { sendPush } from "./sender.ts";
import type { VapidKeys } from "./vapid-keys.ts";

const DEFAULT_DIGEST_DELAY_MS = 30 * 60_000;

const notifyPayloadSchema = z.object({ notificationId: z.guid() });
const pushPayloadSchema = z.object({ subscriptionId: z.guid(), notificationId: z.guid() });

/** The digest's job key: one waiting digest per person. */
export function digestJobKey(userId: string): string {
  return `digest:${userId}`;
}

/**
 * `notify` (one per new or grown notification): a `push` job per device of the recipient when
 * their push setting for the kind is on, and their digest when email is on. Nothing for a
 * notification read or gone meanwhile.
 */
export function notifyHandler(app: FastifyInstance) {
  return async ({ job, log }: JobContext): Promise<JobOutcome> => {
    const payload = notifyPayloadSchema.safeParse(job.payload);
    if (!payload.success) {
      log.error("notify job dropped: its payload names no notification");
      return;
    }
    const notification = await notificationForDelivery(app.db, payload.data.notificationId);
    if (!notification || notification.read) return;
    const delayMs = app.config.digestDelayMs ?? DEFAULT_DIGEST_DELAY_MS;
    const subscriptions = notification.push
      ? await subscriptionIdsOf(app.db, notification.userId)
      : [];
    await app.db.transaction(async (tx) => {
      for (const subscriptionId of subscriptions) {
        await enqueueJob(tx, {
          kind: "push",
          payload: { subscriptionId, notificationId: notification.id },
        });
      }
      if (notification.email) {
        await enqueueJob(tx, {
          kind: "digest",
          payload: { userId: notification.userId },
          key: digestJobKey(notification.userId),
          runAt: new Date(app.now().getTime() + delayMs),
        });
      }
    });
  };
}

/**
 * `push`: one notification to one device. 404 and 410 delete the subscription; 429 and 5xx are
 * tried again (after Retry-After when given); any other answer is logged and dropped.
 */
export function pushHandler(app: FastifyInstance, vapid: VapidKeys) {
  return async ({ job, log, signal }: JobContext): Promise<JobOutcome> => {
    const payload = pushPayloadSchema.safeParse(job.payload);
    if (!payload.success) {
      log.error("push job dropped: its payload names no subscription");
      return;
    }
    const subscription = await findSubscription(app.db, payload.data.subscriptionId);
    const notification = await notificationForDelivery(app.db, payload.data.notificationId);
    // Logged out (detached), subscribed by someone else since, read, or switched off: no push.
    if (!subscription || !notification || notification.read || !notification.push) return;
    if (subscription.userId !== notification.userId) return;
    const answer = await sendPush({
      subscription,
      payload: {
        title: "Kindred",
        body: notification.text,
        url: notification.url,
        tag: notification.id,
      },
      vapid,
      allowPrivateEndpoints: app.config.push?.allowPrivateEndpoints ?? false,
      signal,
      now: app.now(),
    }).catch((error: unknown) => {
      app.metrics.pushSends.inc({ outcome: "failed" });
      throw error;
    });
    const sent = answer.kind === "answered" && answer.status >= 200 && answer.status < 300;
    app.metrics.pushSends.inc({ outcome: sent ? "sent" : "failed" });
    if (answer.kind === "refused") {
      log.warn({ subscriptionId: subscription.id }, `push not sent: ${answer.message}`);
      return;
    }
    const { status } = answer;
    if (status >= 200 && status < 300) return;
    if (status === 404 || status === 410) {
      log.info({ subscriptionId: subscription.id }, `push subscription gone (${status}): deleted`);
      await deleteSubscription(app.db, subscription.id);
      return;
    }
    if (status === 429 || status >= 500) {
      throw new RetryableJobError(`the push service answered ${status}`, answer.retryAfterMs);
    }
    log.warn({ subscriptionId: subscription.id, status }, `push refused (${status}): dropped`);
  };
}
