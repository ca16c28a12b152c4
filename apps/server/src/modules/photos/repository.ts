import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { photos } from "../../db/schema.ts";
import { photoInUse } from "../users/fragments.ts";

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
    .where(sql`${photos.key} = ${key} and not ${photoInUse(key)}`)
    .returning({ key: photos.key });
  return rows.length > 0;
}
