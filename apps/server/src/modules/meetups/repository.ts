import { and, asc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { availabilitySlots, meetups } from "../../db/schema.ts";

// Availability (availability_slots) and meet-ups (meetups).

export type MeetupRow = typeof meetups.$inferSelect;
export type Slot = { day: number; hour: number };

export async function findSlots(db: Database, userId: string): Promise<Slot[]> {
  return db
    .select({ day: availabilitySlots.day, hour: availabilitySlots.hour })
    .from(availabilitySlots)
    .where(eq(availabilitySlots.userId, userId))
    .orderBy(asc(availabilitySlots.day), asc(availabilitySlots.hour));
}

/** Replaces the person's week with these slots (repeats are one). */
export async function replaceSlots(db: Database, userId: string, slots: Slot[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(availabilitySlots).where(eq(availabilitySlots.userId, userId));
    if (slots.length > 0) {
      await tx
        .insert(availabilitySlots)
        .values(slots.map((slot) => ({ userId, ...slot })))
        .onConflictDoNothing();
    }
  });
}

export async function insertMeetup(
  db: Database,
  values: Omit<typeof meetups.$inferInsert, "id" | "state" | "createdAt" | "updatedAt">,
): Promise<MeetupRow> {
  const [row] = await db.insert(meetups).values(values).returning();
  if (!row) throw new Error("The meet-up was not stored");
  return row;
}

export async function findMeetup(db: Database, id: string): Promise<MeetupRow | undefined> {
  const [row] = await db.select().from(meetups).where(eq(meetups.id, id));
  return row;
}

/**
 * Moves the meet-up from one of `from` to `to` (cancelledBy for a cancellation), in one
 * statement, so two answers at once cannot both win; undefined when it was not in `from`.
 */
export async function moveMeetup(
  db: Database,
  id: string,
  from: MeetupRow["state"][],
  to: MeetupRow["state"],
  cancelledBy: string | null,
  now: Date,
): Promise<MeetupRow | undefined> {
  const [row] = await db
    .update(meetups)
    .set({ state: to, cancelledBy, updatedAt: now })
    .where(and(eq(meetups.id, id), inArray(meetups.state, from)))
    .returning();
  return row;
}

/** The person's meet-ups (either side), for the export. */
export function meetupsOf(db: Database, userId: string): Promise<MeetupRow[]> {
  return db
    .select()
    .from(meetups)
    .where(or(eq(meetups.proposedBy, userId), eq(meetups.proposedTo, userId)))
    .orderBy(asc(meetups.startsAt));
}

/** Forgets the person's week and their meet-ups (the other person's copy goes too). */
export async function deleteMeetupsOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(availabilitySlots).where(eq(availabilitySlots.userId, userId));
  await tx.execute(
    sql`delete from meetups where proposed_by = ${userId} or proposed_to = ${userId}`,
  );
}

/** The person's accepted meet-ups from `since` on, soonest first (their calendar feed). */
export function acceptedMeetupsOf(
  db: Database,
  userId: string,
  since: Date,
  limit: number,
): Promise<MeetupRow[]> {
  return db
    .select()
    .from(meetups)
    .where(
      and(
        or(eq(meetups.proposedBy, userId), eq(meetups.proposedTo, userId)),
        eq(meetups.state, "accepted"),
        gte(meetups.endsAt, since),
      ),
    )
    .orderBy(asc(meetups.startsAt))
    .limit(limit);
}
