import type { ReportReason } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sqlState } from "../../db/errors.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { joinUser, personRef } from "../users/fragments.ts";

const FOREIGN_KEY_VIOLATION = "23503";

/** Stores the report; its id, or undefined when the reported person does not exist. */
export async function insertReport(
  db: Database,
  input: { reporterId: string; reportedId: string; reason: ReportReason; details: string | null },
): Promise<string | undefined> {
  try {
    const [row] = await selectRows<{ id: string }>(
      db,
      sql`
        insert into user_reports (reporter_id, reported_id, reason, details)
        values (${input.reporterId}, ${input.reportedId}, ${input.reason}, ${input.details})
        returning id
      `,
    );
    return row?.id;
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) return undefined;
    throw error;
  }
}

export type ReportExportRow = {
  _id: string;
  about: { _id: string; firstName: string; lastName: string };
  reason: string;
  details: string | null;
  createdAt: string;
};

/** The export's `reports`: those the user filed, oldest first. */
export function findReportExportRows(db: Database, userId: string): Promise<ReportExportRow[]> {
  return selectRows<ReportExportRow>(
    db,
    sql`select r.id as "_id", ${personRef("u")} as "about", r.reason, r.details,
        ${isoTimestamp(sql`r.created_at`)} as "createdAt"
      from user_reports r ${joinUser("u", sql`r.reported_id`)}
      where r.reporter_id = ${userId} order by r.created_at`,
  );
}

/** The reports the user filed, and those about them. */
export async function deleteReportsOf(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`delete from user_reports where reporter_id = ${userId} or reported_id = ${userId}`,
  );
}
