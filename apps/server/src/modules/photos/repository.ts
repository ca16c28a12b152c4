import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { photos, users } from "../../db/schema.ts";
import type { UserRow } from "../users/user-view.ts";

/** Locks the user's row for the transaction; its current photo key, or undefined for no such user. */
export async function lockUserPhoto(
  tx: Database,
  userId: string,
): Promise<{ photoKey: string | null } | undefined> {
  const [row] = await tx
    .select({ photoKey: users.photoKey })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/**
 * Makes sure the photo row exists and locks it: one that is being deleted is waited for, then
 * made again, so its files are put back after the delete, never before it.
 */
export async function claimPhoto(tx: Database, key: string): Promise<void> {
  await tx
    .insert(photos)
    .values({ key })
    .onConflictDoUpdate({ target: photos.key, set: { key: sql`excluded.key` } });
}

/** Locks the photo row (whoever claims it waits); false when there is none. */
export async function lockPhoto(tx: Database, key: string): Promise<boolean> {
  const rows = await tx
    .select({ key: photos.key })
    .from(photos)
    .where(eq(photos.key, key))
    .for("update");
  return rows.length > 0;
}

/** Deletes the (locked) photo row when no user refers to it; true when it was deleted. */
export async function deletePhotoIfUnused(tx: Database, key: string): Promise<boolean> {
  const rows = await tx
    .delete(photos)
    .where(
      sql`${photos.key} = ${key} and not exists (select 1 from ${users} where ${users.photoKey} = ${key})`,
    )
    .returning({ key: photos.key });
  return rows.length > 0;
}

/** Sets the user's photo (an upload replaces a pasted address, so photoUrl is cleared too). */
export async function setUserPhoto(
  tx: Database,
  userId: string,
  photoKey: string | null,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ photoKey, photoUrl: null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
