import type { Envelope } from "@kindred/shared";
import { STORAGE_KEYS } from "@/config/ui.ts";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { SERVICE_WORKER_URL } from "@/lib/register-service-worker.ts";

/**
 * Web Push on this device: asking for permission, subscribing with the server's VAPID key and
 * remembering the subscription's id, which login and signup send as `playerId` so the server
 * attaches the device to whoever signs in on it.
 */

/** Where push stands on this device, as the settings switch and the prompt read it. */
export type PushState =
  /** No service worker, Push API or notifications in this browser (or not a secure page). */
  | "unsupported"
  /** The person blocked notifications for this site; only the browser's settings undo it. */
  | "denied"
  /** Supported and allowed (or not asked yet), but this device is not subscribed. */
  | "off"
  | "on";

export type SubscribeResult =
  | { status: "subscribed"; playerId: string }
  /** The permission prompt was refused (denied) or closed without an answer (default). */
  | { status: "denied" | "default" }
  | { status: "unsupported" };

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext !== false &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage: the device is simply not remembered.
  }
}

/** The id of this device's push subscription, or null when it has none. */
export function currentPlayerId(): string | null {
  return readStorage(STORAGE_KEYS.pushPlayerId) || null;
}

/** The VAPID key arrives as base64url; the Push API wants its bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = window.atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  // Registering again is harmless; it covers a click before the page's load event.
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  return navigator.serviceWorker.ready;
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Where push stands now: the browser's permission, its subscription and the stored id. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted" || !currentPlayerId()) return "off";
  return (await existingSubscription()) ? "on" : "off";
}

/**
 * Turns push on for this device. Call it from a click: the permission prompt is asked first,
 * before anything else is awaited, because browsers only show it in answer to a gesture.
 * Throws an ApiError when the server refuses or cannot be reached, and the browser's error when
 * its push service does.
 */
export async function subscribeToPush(): Promise<SubscribeResult> {
  if (!pushSupported()) return { status: "unsupported" };
  const permission =
    Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return { status: permission };

  const [registration, key] = await Promise.all([
    serviceWorkerRegistration(),
    apiClient.get<Envelope<{ publicKey: string }>>("/push/key"),
  ]);
  const applicationServerKey = base64UrlToBytes(key.data.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    // Made with another server key (the server's keys changed): it cannot receive our pushes.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  const saved = await apiClient.post<Envelope<{ _id: string }>>(
    "/push/subscriptions",
    subscription.toJSON(),
  );
  writeStorage(STORAGE_KEYS.pushPlayerId, saved.data._id);
  return { status: "subscribed", playerId: saved.data._id };
}

/** Turns push off for this device: the server forgets it, then the browser does. */
export async function unsubscribeFromPush(): Promise<void> {
  const playerId = currentPlayerId();
  if (playerId) {
    try {
      await apiClient.delete(`/push/subscriptions/${encodeURIComponent(playerId)}`);
    } catch (error) {
      // Already gone on the server (404) is what was wanted.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    writeStorage(STORAGE_KEYS.pushPlayerId, null);
  }
  if (pushSupported()) await (await existingSubscription())?.unsubscribe();
}

/** Whether the get-notified prompt may show: push works here, nobody asked yet, never declined. */
export function shouldOfferPush(): boolean {
  return (
    pushSupported() &&
    Notification.permission === "default" &&
    readStorage(STORAGE_KEYS.pushPromptDismissed) === null
  );
}

/** "Not now" on the prompt: it is not offered on this device again. */
export function dismissPushOffer(): void {
  writeStorage(STORAGE_KEYS.pushPromptDismissed, new Date().toISOString());
}
