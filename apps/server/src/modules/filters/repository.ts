import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { connectionsOf } from "../requests/fragments.ts";
import { joinUser } from "../users/fragments.ts";

// The filters module owns no table: it reads an author's standing through the users' and the
// requests' fragments, in one statement.

export type StandingRow = {
  /** When the account was made; null when the id names no account (a community-only member). */
  createdAt: string | null;
  /** Whether the person has at least one connection. */
  connected: boolean;
};

export async function findStanding(db: Database, userId: string): Promise<StandingRow> {
  const [row] = await selectRows<StandingRow>(
    db,
    sql`
      select case when u.id is null then null else ${isoTimestamp(sql`u.created_at`)} end
          as "createdAt",
        exists (select 1 from ${connectionsOf(sql`me.id`)} c) as "connected"
      from (select ${userId}::uuid as id) me
      ${joinUser("u", sql`me.id`, "left")}
    `,
  );
  return { createdAt: row?.createdAt ?? null, connected: Boolean(row?.connected) };
}
