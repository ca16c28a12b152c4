import { CAMPUS_CODE_MAX_ATTEMPTS } from "@kindred/shared";
import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { campusEmails } from "../../db/schema.ts";

// A person's university address (campus_emails).

export type CampusEmailRow = typeof campusEmails.$inferSelect;

export async function findCampusEmail(
  db: Database,
  userId: string,
): Promise<CampusEmailRow | undefined> {
  const [row] = await db.select().from(campusEmails).where(eq(campusEmails.userId, userId));
  return row;
}

export async function deleteCampusEmail(db: Database, userId: string): Promise<void> {
  await db.delete(campusEmails).where(eq(campusEmails.userId, userId));
}

/** True when an account other than `userId` has verified the address (in any case). */
export async function verifiedByAnother(
  db: Database,
  email: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: campusEmails.userId })
    .from(campusEmails)
    .where(
      and(
        sql`lower(${campusEmails.email}) = lower(${email})`,
        isNotNull(campusEmails.verifiedAt),
        ne(campusEmails.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Stores the account's pending address with a fresh code, replacing a pending one (its tries
 * start again); a verified address is left as it is, and then nothing is answered.
 */
export async function storePendingCampusEmail(
  db: Database,
  values: Pick<
    CampusEmailRow,
    "userId" | "email" | "university" | "codeHash" | "expiresAt" | "createdAt"
  >,
): Promise<CampusEmailRow | undefined> {
  const { userId, ...rest } = values;
  const fresh = { ...rest, failedAttempts: 0, verifiedAt: null };
  const [row] = await db
    .insert(campusEmails)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({
      target: campusEmails.userId,
      set: fresh,
      setWhere: isNull(campusEmails.verifiedAt),
    })
    .returning();
  return row;
}

/**
 * Takes one of the pending code's tries in a single UPDATE and answers the row; undefined when
 * there is no pending code, it expired or its tries are used up.
 */
export async function takeCampusCodeAttempt(
  db: Database,
  userId: string,
  now: Date,
): Promise<CampusEmailRow | undefined> {
  const [taken] = await db
    .update(campusEmails)
    .set({ failedAttempts: sql`${campusEmails.failedAttempts} + 1` })
    .where(
      and(
        eq(campusEmails.userId, userId),
        isNull(campusEmails.verifiedAt),
        isNotNull(campusEmails.codeHash),
        lt(campusEmails.failedAttempts, CAMPUS_CODE_MAX_ATTEMPTS),
        gt(campusEmails.expiresAt, now),
      ),
    )
    .returning();
  return taken;
}

/**
 * Marks exactly this pending code's address verified and forgets the code; undefined when it was
 * replaced or used meanwhile. Throws the unique violation when another account verified the
 * address first.
 */
export async function markCampusEmailVerified(
  tx: Database,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<CampusEmailRow | undefined> {
  const [row] = await tx
    .update(campusEmails)
    .set({ verifiedAt: now, codeHash: null, expiresAt: null, failedAttempts: 0 })
    .where(
      and(
        eq(campusEmails.userId, userId),
        eq(campusEmails.codeHash, codeHash),
        isNull(campusEmails.verifiedAt),
      ),
    )
    .returning();
  return row;
}
