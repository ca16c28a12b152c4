import { isUuid } from "@kindred/shared";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { UserRow } from "./user-view.ts";

/** Ids come from URLs: anything that is not a UUID cannot name a user (and would upset SQL). */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}
