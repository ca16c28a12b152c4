import type { Relationship } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { selectRows } from "../feed/card-sql.ts";
import { blockedEitherWay } from "../safety/repository.ts";

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
