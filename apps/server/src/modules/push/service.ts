import { isUuid } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError } from "../../plugins/errors.ts";
import { checkEndpoint } from "./endpoint-guard.ts";
import {
  assignSubscription,
  deleteDevicesBeyond,
  deleteOwnSubscription,
  deleteSubscriptionsOf,
  findDevicesForExport,
  releaseSessionSubscription,
  saveSubscription,
} from "./repository.ts";
import { subscriptionKeyProblems } from "./subscription-keys.ts";

/**
 * Devices one account receives pushes on: a new one beyond this replaces the oldest, so one
 * account cannot make a notification fan out to hundreds of endpoints.
 */
export const MAX_DEVICES_PER_ACCOUNT = 10;

/**
 * Subscribes the caller's device, tied to their session; its id. The endpoint is an address the
 * client chose: it must pass the guard (https, public addresses) before it is stored, and its
 * keys must be a P-256 point and a 16-byte secret. The account's oldest device goes when this one
 * is one too many.
 */
export async function subscribeDevice(
  app: Pick<FastifyInstance, "db" | "config">,
  input: {
    userId: string;
    sessionIdHash: string;
    endpoint: string;
    keys: { p256dh: string; auth: string };
  },
): Promise<string> {
  const problems = subscriptionKeyProblems(input.keys);
  if (problems[0]) throw new HttpError(400, "BAD_KEYS", problems[0].message, problems);
  const check = await checkEndpoint(
    input.endpoint,
    app.config.push?.allowPrivateEndpoints ?? false,
  );
  if (!check.ok) throw new HttpError(400, "BAD_ENDPOINT", check.message);
  return app.db.transaction(async (tx) => {
    const id = await saveSubscription(tx, {
      userId: input.userId,
      sessionIdHash: input.sessionIdHash,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    });
    await deleteDevicesBeyond(tx, input.userId, id, MAX_DEVICES_PER_ACCOUNT);
    return id;
  });
}

/** Forgets one of the caller's devices; false when the caller has none with this id. */
export function unsubscribeDevice(db: Database, userId: string, id: string): Promise<boolean> {
  return deleteOwnSubscription(db, userId, id);
}

// A device is a push subscription; signing in on it makes it the person's, logging out lets go.

/**
 * The device a login or signup names (`playerId`, a push subscription's id) now belongs to this
 * user: its id, or null when no subscription has that id (anything else a client sends is ignored).
 */
export async function claimDevice(
  db: Database,
  userId: string,
  playerId: string,
): Promise<string | null> {
  if (!isUuid(playerId)) return null;
  return db.transaction(async (tx) => {
    const id = await assignSubscription(tx, userId, playerId.toLowerCase());
    if (id) await deleteDevicesBeyond(tx, userId, id, MAX_DEVICES_PER_ACCOUNT);
    return id;
  });
}

/**
 * Logging out: the session's device stops receiving this person's pushes (unless someone else
 * has signed in on it since, whose it now is).
 */
export function detachSessionDevice(db: Database, sessionIdHash: string): Promise<void> {
  return releaseSessionSubscription(db, sessionIdHash);
}

function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "";
  }
}

/** The person's devices: where each pushes to (its origin only), never its keys. */
export const pushPersonalData: PersonalDataPart = {
  module: "push",
  tables: ["push_subscriptions"],
  exportFor: async (db, { userId }) => {
    const devices = await findDevicesForExport(db, userId);
    return {
      pushDevices: devices.map(({ endpoint, ...device }) => ({
        ...device,
        endpointOrigin: originOf(endpoint),
      })),
    };
  },
  deleteFor: (tx, userId) => deleteSubscriptionsOf(tx, userId),
};
