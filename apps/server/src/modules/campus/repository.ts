import { eq } from "drizzle-orm";
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
