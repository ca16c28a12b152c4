import type { PublicUser, Relationship } from "@kindred/shared";
import type { Database } from "../../db/client.ts";
import { findRequestBetween } from "../requests/service.ts";
import { areBlockedEitherWay } from "../users/blocks-service.ts";
import { findUserByPublicId } from "../users/service.ts";
import { toPublicUser } from "../users/user-view.ts";

/**
 * How the viewer stands with another person, from the one request the pair may have (the pair
 * index allows one, whoever sent it).
 */
export async function relationshipBetween(
  db: Database,
  viewerId: string,
  otherId: string,
): Promise<Relationship> {
  if (viewerId === otherId) return "self";
  const request = await findRequestBetween(db, viewerId, otherId);
  // Blocked either way: there is nothing to offer, whatever the request says.
  if (await areBlockedEitherWay(db, viewerId, otherId)) return "closed";
  if (!request) return "none";
  if (request.status === "accepted") return "connected";
  if (request.status === "interested") {
    return request.fromUserId === viewerId ? "sent" : "received";
  }
  return "closed";
}

/**
 * The profile a shareable id names, and with a viewer (asked only once the profile exists) how
 * they stand with its person; undefined when no one has that id.
 */
export async function findPublicProfile(
  db: Database,
  publicUserId: string,
  viewer: () => Promise<string | undefined>,
): Promise<(PublicUser & { relationship?: Relationship }) | undefined> {
  const row = await findUserByPublicId(db, publicUserId);
  if (!row) return undefined;
  const viewerId = await viewer();
  const relationship = viewerId ? await relationshipBetween(db, viewerId, row.id) : undefined;
  return { ...toPublicUser(row), ...(relationship ? { relationship } : {}) };
}
