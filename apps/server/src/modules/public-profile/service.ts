import type { PublicUser, Relationship } from "@kindred/shared";
import type { Database } from "../../db/client.ts";
import { findRequestBetween } from "../requests/service.ts";
import { areBlockedEitherWay } from "../users/blocks-service.ts";
import { findUserByPublicId } from "../users/service.ts";
import { toPublicUser } from "../users/user-view.ts";

/**
 * How the viewer stands with another person (not blocked either way), from the one request the
 * pair may have (the pair index allows one, whoever sent it).
 */
async function relationshipBetween(
  db: Database,
  viewerId: string,
  otherId: string,
): Promise<Relationship> {
  if (viewerId === otherId) return "self";
  const request = await findRequestBetween(db, viewerId, otherId);
  if (!request) return "none";
  if (request.status === "accepted") return "connected";
  if (request.status === "interested") {
    return request.fromUserId === viewerId ? "sent" : "received";
  }
  return "closed";
}

/**
 * The profile a shareable id names, and with a viewer (asked only once the profile exists) how
 * they stand with its person; undefined when no one has that id, and when the viewer and its
 * person are blocked either way (the same answer as an unknown link, so that a blocked person
 * cannot tell they were blocked).
 */
export async function findPublicProfile(
  db: Database,
  publicUserId: string,
  viewer: () => Promise<string | undefined>,
): Promise<(PublicUser & { relationship?: Relationship }) | undefined> {
  const row = await findUserByPublicId(db, publicUserId);
  if (!row) return undefined;
  const viewerId = await viewer();
  if (viewerId && viewerId !== row.id && (await areBlockedEitherWay(db, viewerId, row.id))) {
    return undefined;
  }
  const relationship = viewerId ? await relationshipBetween(db, viewerId, row.id) : undefined;
  return { ...toPublicUser(row), ...(relationship ? { relationship } : {}) };
}
