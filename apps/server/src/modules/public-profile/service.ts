import { ageBandOf, type PublicUser, type Relationship } from "@kindred/shared";
import type { Database } from "../../db/client.ts";
import { findRequestBetween } from "../requests/service.ts";
import { areBlockedEitherWay } from "../users/blocks-service.ts";
import { findUserById, findUserByPublicId } from "../users/service.ts";
import { isRestricted, mayBeUnderAge, toPublicUser, type UserRow } from "../users/user-view.ts";

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
 * Whether someone other than the person may see their profile at `now`: nobody while moderation
 * hides them; an under-18 (or someone of no known age) only a signed-in viewer of the same band;
 * an adult anyone but a signed-in under-18. A viewer without an age sees adults as a visitor does.
 */
function profileShownTo(row: UserRow, viewer: UserRow | undefined, now: Date): boolean {
  if (isRestricted(row, now)) return false;
  const band = ageBandOf(row.age);
  if (mayBeUnderAge(row.age))
    return viewer !== undefined && band !== null && ageBandOf(viewer.age) === band;
  return viewer === undefined || ageBandOf(viewer.age) !== "teen";
}

/**
 * The profile a shareable id names, and with a viewer (asked only once the profile exists) how
 * they stand with its person; undefined when no one has that id, when the viewer and its person
 * are blocked either way, or when that person is not to be shown to this viewer (profileShownTo):
 * the same not-found as an unknown link, so that a blocked person cannot tell they were blocked.
 */
export async function findPublicProfile(
  db: Database,
  publicUserId: string,
  viewer: () => Promise<string | undefined>,
  now: Date,
): Promise<(PublicUser & { relationship?: Relationship }) | undefined> {
  const row = await findUserByPublicId(db, publicUserId);
  if (!row) return undefined;
  const viewerId = await viewer();
  if (viewerId && viewerId !== row.id && (await areBlockedEitherWay(db, viewerId, row.id))) {
    return undefined;
  }
  if (viewerId !== row.id) {
    const viewerRow = viewerId ? await findUserById(db, viewerId) : undefined;
    if (!profileShownTo(row, viewerRow, now)) return undefined;
  }
  const relationship = viewerId ? await relationshipBetween(db, viewerId, row.id) : undefined;
  return { ...toPublicUser(row), ...(relationship ? { relationship } : {}) };
}
