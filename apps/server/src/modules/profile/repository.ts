import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { userSkills, users } from "../../db/schema.ts";
import { skillRows } from "../skills/vocabulary.ts";
import type { UserRow } from "../users/user-view.ts";

export type UserChanges = Partial<typeof users.$inferInsert>;

/** Sets the given columns (and updated_at); undefined when there is no such user. */
export async function updateUser(
  db: Database,
  userId: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Replaces the user's skill index rows (normalised, each with its canonical skill). */
export async function replaceSkills(db: Database, userId: string, skills: readonly string[]) {
  await db.delete(userSkills).where(eq(userSkills.userId, userId));
  const rows = skillRows(skills).map((skill) => ({ userId, ...skill }));
  if (rows.length > 0) await db.insert(userSkills).values(rows);
}
