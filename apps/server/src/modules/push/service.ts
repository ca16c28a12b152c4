import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError } from "../../plugins/errors.ts";
import { checkEndpoint } from "./endpoint-guard.ts";
import {
  deleteOwnSubscription,
  deleteSubscriptionsOf,
  findDevicesForExport,
  saveSubscription,
} from "./repository.ts";

/**
 * Subscribes the caller's device, tied to their session; its id. The endpoint is an address the
 * client chose: it must pass the guard (https, public addresses) before it is stored.
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
  const check = await checkEndpoint(
    input.endpoint,
    app.config.push?.allowPrivateEndpoints ?? false,
  );
  if (!check.ok) throw new HttpError(400, "BAD_ENDPOINT", check.message);
  return saveSubscription(app.db, {
    userId: input.userId,
    sessionIdHash: input.sessionIdHash,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
}

/** Forgets one of the caller's devices; false when the caller has none with this id. */
export function unsubscribeDevice(db: Database, userId: string, id: string): Promise<boolean> {
  return deleteOwnSubscription(db, userId, id);
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
