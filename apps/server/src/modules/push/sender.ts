import http from "node:http";
import https from "node:https";
import type { PushPayload } from "@kindred/shared";
import webpush from "web-push";
import { pinnedLookup } from "../../lib/public-address.ts";
import { checkEndpoint, type Resolver } from "./endpoint-guard.ts";
import type { StoredSubscription } from "./repository.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** A push service that does not answer within this is tried again later. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a push for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export type PushAnswer =
  /** The push service answered with this status (its body is never read). */
  | { kind: "answered"; status: number; retryAfterMs?: number }
  /** The endpoint no longer passes the guard: nothing was sent. */
  | { kind: "refused"; message: string };

/** Retry-After as seconds or as an HTTP date (from `now`, ms); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export type SendPushOptions = {
  subscription: Pick<StoredSubscription, "endpoint" | "p256dh" | "auth">;
  payload: PushPayload;
  vapid: VapidKeys;
  allowPrivateEndpoints: boolean;
  signal?: AbortSignal;
  /** The app's clock, for a Retry-After given as a date. */
  now: Date;
  timeoutMs?: number;
  resolve?: Resolver;
};

/**
 * Sends one push: the payload encrypted for the subscription (RFC 8291, aes128gcm) with a VAPID
 * Authorization header (RFC 8292), made by web-push; the request itself is ours, so the endpoint
 * is checked again now and the connection pinned to the checked addresses.
 */
export async function sendPush(options: SendPushOptions): Promise<PushAnswer> {
  const check = await checkEndpoint(
    options.subscription.endpoint,
    options.allowPrivateEndpoints,
    options.resolve,
  );
  if (!check.ok) return { kind: "refused", message: check.message };
  const details = webpush.generateRequestDetails(
    {
      endpoint: options.subscription.endpoint,
      keys: { p256dh: options.subscription.p256dh, auth: options.subscription.auth },
    },
    JSON.stringify(options.payload),
    {
      vapidDetails: {
        subject: options.vapid.subject,
        publicKey: options.vapid.publicKey,
        privateKey: options.vapid.privateKey,
      },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
    },
  );
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const transport = check.url.protocol === "https:" ? https : http;
  return new Promise<PushAnswer>((resolve, reject) => {
    const request = transport.request(
      check.url,
      {
        method: "POST",
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: pinnedLookup(check.addresses) as never,
        agent: false,
        timeout: timeoutMs,
        signal: options.signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const retryAfterMs = parseRetryAfter(
          response.headers["retry-after"],
          options.now.getTime(),
        );
        // The status says all we act on; the body is never read.
        response.destroy();
        resolve({ kind: "answered", status, retryAfterMs });
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error(`the push service did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on("timeout", () => request.destroy(new Error("the push service went silent")));
    request.on("error", reject);
    request.on("close", () => clearTimeout(deadline));
    request.end(details.body ?? undefined);
  });
}
