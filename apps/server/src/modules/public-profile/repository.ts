import type { Relationship } from "@kindred/shared";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { users } from "../../db/schema.ts";
import { blockedEitherWay } from "../users/fragments.ts";
import type { UserRow } from "../users/user-view.ts";

/** The user a shareable public id names. */
export async function findUserByPublicId(
  db: Database,
  publicId: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.publicId, publicId)).limit(1);
  return row;
}

/**
 * How the viewer stands with another person, from the one request the pair may have
 * (the pair index allows one, whoever sent it).
 */
export async function findRelationship(
  db: Database,
  viewerId: string,
  otherId: string,
): Promise<Relationship> {
  if (viewerId === otherId) return "self";
  const [row] = await selectRows<{ fromUserId: string; status: string }>(
    db,
    sql`
      select from_user_id as "fromUserId", status
      from connection_requests
      where (from_user_id = ${viewerId} and to_user_id = ${otherId})
        or (from_user_id = ${otherId} and to_user_id = ${viewerId})
      limit 1
    `,
  );
  // Blocked either way: there is nothing to offer, whatever the request says.
  const [block] = await selectRows<{ blocked: boolean }>(
    db,
    sql`select ${blockedEitherWay(viewerId, otherId)} as blocked`,
  );
  if (block?.blocked) return "closed";
  if (!row) return "none";
  if (row.status === "accepted") return "connected";
  if (row.status === "interested") return row.fromUserId === viewerId ? "sent" : "received";
  return "closed";
}
