import type { profileEditBodySchema } from "@kindred/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { UserRow } from "../users/user-view.ts";
import { replaceSkills, type UserChanges, updateUser } from "./repository.ts";

export type ProfileEdit = z.output<typeof profileEditBodySchema>;

/** Applies the given fields; the skill index rows change in the same transaction as the user. */
export async function updateProfile(
  db: Database,
  userId: string,
  edit: ProfileEdit,
): Promise<UserRow | undefined> {
  const changes = Object.fromEntries(
    Object.entries(edit).filter(([, value]) => value !== undefined),
  ) as UserChanges;
  return db.transaction(async (tx) => {
    const row = await updateUser(tx, userId, changes);
    if (row && edit.skills) {
      await replaceSkills(tx, userId, edit.skills);
    }
    return row;
  });
}
