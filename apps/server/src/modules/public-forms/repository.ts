import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contactMessages, newsletterSubscribers, supportTickets } from "../../db/schema.ts";

export async function saveTicket(
  db: Database,
  ticket: { name: string; email: string; message: string; topic?: string },
): Promise<void> {
  await db.insert(supportTickets).values({ ...ticket, topic: ticket.topic ?? null });
}

export async function saveContactMessage(
  db: Database,
  message: { name: string; email: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}

export function hashUnsubscribeToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Subscribes an email (already lower-cased by its schema). Returns the new unsubscribe token when
 * the address was not subscribed (new, or unsubscribed before), null when it already was.
 */
export async function subscribe(db: Database, email: string): Promise<string | null> {
  const token = randomBytes(24).toString("base64url");
  const tokenHash = hashUnsubscribeToken(token);
  // One statement: two sign-ups of the same address at once cannot both insert.
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email, unsubscribeTokenHash: tokenHash })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { unsubscribeTokenHash: tokenHash, subscribedAt: sql`now()`, unsubscribedAt: null },
      setWhere: sql`${newsletterSubscribers.unsubscribedAt} is not null`,
    })
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0 ? token : null;
}

/** True when the token belonged to a live subscription, which is now ended. */
export async function unsubscribe(db: Database, token: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`now()` })
    .where(
      and(
        eq(newsletterSubscribers.unsubscribeTokenHash, hashUnsubscribeToken(token)),
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

// ---------- a person's part: what was sent from their address ----------

/** What was sent from the public forms with this address (any case), for the person's export. */
export async function findSentFrom(db: Database, email: string) {
  const address = email.toLowerCase();
  const [tickets, messages, newsletter] = await Promise.all([
    db
      .select({
        topic: supportTickets.topic,
        message: supportTickets.message,
        createdAt: supportTickets.createdAt,
      })
      .from(supportTickets)
      .where(sql`lower(${supportTickets.email}) = ${address}`),
    db
      .select({ message: contactMessages.message, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = ${address}`),
    db
      .select({
        subscribedAt: newsletterSubscribers.subscribedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${address}`),
  ]);
  return { tickets, messages, newsletter: newsletter[0] ?? null };
}

/** Deletes the tickets, messages and newsletter subscription sent with this address (any case). */
export async function deleteSentFrom(db: Database, email: string): Promise<void> {
  const address = email.toLowerCase();
  await db.delete(supportTickets).where(sql`lower(${supportTickets.email}) = ${address}`);
  await db.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${address}`);
  await db
    .delete(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${address}`);
}
