import http from "node:http";
import https from "node:https";
import type { PushPayload } from "@kindred/shared";
import webpush from "web-push";
import { pinnedLookup } from "../../lib/public-address.ts";
import { checkEndpoint, type Resolver } from "./endpoint-guard.ts";
import type { StoredSubscription } from "./repository.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** A send (the endpoint's check, connecting, the answer) that takes longer fails (PUSH_SEND_TIMEOUT_MS). */
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
  /** The whole send's limit, the endpoint's DNS look-up included. */
  timeoutMs?: number;
  resolve?: Resolver;
};

/** What `promise` gives, or a rejection once `signal` aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * Sends one push: the payload encrypted for the subscription (RFC 8291, aes128gcm) with a VAPID
 * Authorization header (RFC 8292), made by web-push; the request itself is ours, so the endpoint
 * is checked again now and the connection pinned to the checked addresses.
 */
export async function sendPush(options: SendPushOptions): Promise<PushAnswer> {
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new Error(`the push service did not answer within ${timeoutMs} ms`)),
    timeoutMs,
  );
  const signal = options.signal
    ? AbortSignal.any([options.signal, deadline.signal])
    : deadline.signal;
  try {
    return await sendWithin(options, timeoutMs, signal);
  } finally {
    clearTimeout(timer);
  }
}

async function sendWithin(
  options: SendPushOptions,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<PushAnswer> {
  const check = await unlessAborted(
    checkEndpoint(options.subscription.endpoint, options.allowPrivateEndpoints, options.resolve),
    signal,
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
        signal,
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
    request.on("timeout", () => request.destroy(new Error("the push service went silent")));
    request.on("error", (error) => reject(signal.aborted ? signal.reason : error));
    request.end(details.body ?? undefined);
  });
}
