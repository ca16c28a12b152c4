import { isUuid } from "@kindred/shared";
import type { Database } from "../../db/client.ts";
import { assignSubscription, releaseSessionSubscription } from "./device-repository.ts";

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
  return assignSubscription(db, userId, playerId.toLowerCase());
}

/**
 * Logging out: the session's device stops receiving this person's pushes (unless someone else
 * has signed in on it since, whose it now is).
 */
export function detachSessionDevice(db: Database, sessionIdHash: string): Promise<void> {
  return releaseSessionSubscription(db, sessionIdHash);
}
