import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { DEFAULT_JOBS } from "../../config.ts";
import { enqueueJob } from "../jobs/service.ts";
import { backoffMs, type JobOutcome, RetryableJobError, withPayload } from "../jobs/worker.ts";
import { notificationForDelivery } from "../notifications/service.ts";
import { holdUser } from "../users/service.ts";
import {
  clearEndpointFailures,
  deleteSubscription,
  findSubscription,
  recordEndpointFailure,
  subscriptionIdsOf,
} from "./repository.ts";
import { type PushAnswer, sendPush } from "./sender.ts";
import type { VapidKeys } from "./vapid-keys.ts";

const DEFAULT_DIGEST_DELAY_MS = 30 * 60_000;
/** Failed sends in a row after which an endpoint's subscription is deleted (PUSH_MAX_FAILURES). */
export const DEFAULT_MAX_ENDPOINT_FAILURES = 8;

/** What this process's pushes came to since it started (for metrics). */
export type PushCounters = {
  /** Accepted by the push service (2xx). */
  sent: number;
  /** Timed out, failed to connect, or answered anything but 2xx, 404 and 410. */
  failed: number;
  /** Subscriptions deleted: the push service said gone (404, 410), or too many failures in a row. */
  deleted: number;
};

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
  return withPayload(
    notifyPayloadSchema,
    "notify job dropped: its payload names no notification",
    async (payload) => {
      const notification = await notificationForDelivery(app.db, payload.notificationId);
      if (!notification || notification.read) return undefined;
      const delayMs = app.config.digestDelayMs ?? DEFAULT_DIGEST_DELAY_MS;
      const subscriptions = notification.push
        ? await subscriptionIdsOf(app.db, notification.userId)
        : [];
      await app.db.transaction(async (tx) => {
        // The account may be deleted since the notification was read: nothing may be queued for
        // it after its deletion removed its jobs (the deletion waits while this holds the row).
        if (!(await holdUser(tx, notification.userId))) return;
        for (const subscriptionId of subscriptions) {
          await enqueueJob(tx, {
            kind: "push",
            payload: { subscriptionId, notificationId: notification.id },
            group: notification.userId,
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
      return undefined;
    },
  );
}

/**
 * `push`: one notification to one device, within PUSH_SEND_TIMEOUT_MS. 404 and 410 delete the
 * subscription. A timeout, a failed connection or a 5xx is the endpoint's failure: nothing more is
 * sent to it for a growing delay (its other pushes wait too, without spending their attempts),
 * and after PUSH_MAX_FAILURES in a row its subscription is deleted. 429 is tried again after
 * Retry-After; any other answer is logged and dropped.
 */
export function pushHandler(app: FastifyInstance, vapid: VapidKeys, counters: PushCounters) {
  const jobSettings = app.config.jobs ?? DEFAULT_JOBS;
  const maxFailures = app.config.push?.maxEndpointFailures ?? DEFAULT_MAX_ENDPOINT_FAILURES;
  return withPayload(
    pushPayloadSchema,
    "push job dropped: its payload names no subscription",
    async (payload, { log, signal }) => {
      const subscription = await findSubscription(app.db, payload.subscriptionId);
      const notification = await notificationForDelivery(app.db, payload.notificationId);
      // Logged out (detached), subscribed by someone else since, read, or switched off: no push.
      if (!subscription || !notification || notification.read || !notification.push) return;
      if (subscription.userId !== notification.userId) return;
      // The endpoint rests after a failure: this push waits for it.
      if (subscription.waitMs > 0) return { postponeMs: subscription.waitMs };

      /** Counts a send for this process's counters and for /metrics. */
      const count = (outcome: "sent" | "failed" | "deleted") => {
        counters[outcome] += 1;
        if (outcome !== "deleted") app.metrics.pushSends.inc({ outcome });
      };

      /** The endpoint failed: it rests (at least Retry-After), or goes after too many in a row. */
      const endpointFailed = async (
        message: string,
        retryAfterMs?: number,
      ): Promise<JobOutcome> => {
        count("failed");
        const delayMs = Math.max(
          retryAfterMs ?? 0,
          backoffMs(jobSettings, subscription.failures + 1),
        );
        const failures = await recordEndpointFailure(app.db, subscription.id, delayMs);
        if (failures >= maxFailures) {
          log.warn(
            { subscriptionId: subscription.id },
            `push endpoint failed ${failures} times in a row (${message}): subscription deleted`,
          );
          await deleteSubscription(app.db, subscription.id);
          count("deleted");
          return;
        }
        throw new RetryableJobError(message, delayMs);
      };

      let answer: PushAnswer;
      try {
        answer = await sendPush({
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
          timeoutMs: app.config.push?.sendTimeoutMs,
        });
      } catch (error) {
        // The process is closing: the worker gives the job back; the endpoint did nothing wrong.
        if (signal.aborted) throw error;
        return endpointFailed(error instanceof Error ? error.message : String(error));
      }
      if (answer.kind === "refused") {
        app.metrics.pushSends.inc({ outcome: "failed" });
        log.warn({ subscriptionId: subscription.id }, `push not sent: ${answer.message}`);
        return;
      }
      const { status } = answer;
      if (status >= 200 && status < 300) {
        count("sent");
        if (subscription.failures > 0) await clearEndpointFailures(app.db, subscription.id);
        return;
      }
      if (status === 404 || status === 410) {
        log.info(
          { subscriptionId: subscription.id },
          `push subscription gone (${status}): deleted`,
        );
        await deleteSubscription(app.db, subscription.id);
        app.metrics.pushSends.inc({ outcome: "failed" });
        count("deleted");
        return;
      }
      if (status >= 500)
        return endpointFailed(`the push service answered ${status}`, answer.retryAfterMs);
      count("failed");
      if (status === 429) {
        throw new RetryableJobError(`the push service answered ${status}`, answer.retryAfterMs);
      }
      log.warn({ subscriptionId: subscription.id, status }, `push refused (${status}): dropped`);
    },
  );
}
