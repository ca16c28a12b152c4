import type { profileEditBodySchema } from "@kindred/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { userSkills, users } from "../../db/schema.ts";
import { resetFeedQueue } from "../feed/repository.ts";
import type { UserRow } from "../users/user-view.ts";

export type ProfileEdit = z.output<typeof profileEditBodySchema>;

/** Applies the given fields; the skill index rows change in the same transaction as the user. */
export async function updateProfile(
  db: Database,
  userId: string,
  edit: ProfileEdit,
): Promise<UserRow | undefined> {
  const changes = Object.fromEntries(
    Object.entries(edit).filter(([, value]) => value !== undefined),
  ) as Partial<typeof users.$inferInsert>;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (row && edit.skills) {
      await tx.delete(userSkills).where(eq(userSkills.userId, userId));
      await tx
        .insert(userSkills)
        .values(edit.skills.map((skill) => ({ userId, skill: skill.toLowerCase() })));
      // The feed's ranking follows the skills: the next page starts the new one.
      await resetFeedQueue(tx, userId, new Date());
    }
    return row;
  });
}
