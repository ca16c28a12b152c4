import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { twoStepRecoveryCodes, twoStepSecrets } from "../../db/schema.ts";

export type TwoStepRow = typeof twoStepSecrets.$inferSelect;

export async function findTwoStep(db: Database, userId: string): Promise<TwoStepRow | undefined> {
  const [row] = await db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
  return row;
}

/** A new pending secret; replaces a pending one, never one that is on (false then). */
export async function savePendingSecret(
  db: Database,
  userId: string,
  secret: string,
): Promise<boolean> {
  const rows = await db
    .insert(twoStepSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: twoStepSecrets.userId,
      set: { secret, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(twoStepSecrets.enabledAt),
    })
    .returning({ userId: twoStepSecrets.userId });
  return rows.length === 1;
}

/**
 * Records `step` as the newest accepted one, when no later or equal step was accepted before:
 * false means this code (or a newer one) was used already.
 */
export async function acceptStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoStepSecrets)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoStepSecrets.userId, userId),
        or(isNull(twoStepSecrets.lastStep), lt(twoStepSecrets.lastStep, step)),
      ),
    )
    .returning({ userId: twoStepSecrets.userId });
  return rows.length === 1;
}

export async function markEnabled(db: Database, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoStepSecrets)
    .set({ enabledAt: now })
    .where(and(eq(twoStepSecrets.userId, userId), isNull(twoStepSecrets.enabledAt)))
    .returning({ userId: twoStepSecrets.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  db: Database,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await db
    .insert(twoStepRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when there was none. */
export async function useRecoveryCode(
  db: Database,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(twoStepRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoStepRecoveryCodes.userId, userId),
        eq(twoStepRecoveryCodes.codeHash, codeHash),
        isNull(twoStepRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoStepRecoveryCodes.id });
  return rows.length === 1;
}

export async function deleteTwoStep(db: Database, userId: string): Promise<void> {
  await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await db.delete(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
}
