import type { ModerationAction, ReportReason, ReportSubjectType, Snapshot } from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { accountFullName, type CardRow, cardColumns, joinUser } from "../users/fragments.ts";

// The moderation tables: cases, the reports and actions on them, appeals, the audit log and the
// banned emails' keyed hashes.

export type CaseRow = {
  id: string;
  subjectType: ReportSubjectType;
  subjectId: string | null;
  personId: string | null;
  snapshot: Snapshot;
  state: "open" | "closed";
  heldByFilter: boolean;
  hidden: boolean;
  filter: { rules: string[]; matches: string[] } | null;
  sources: string[];
  notes: string[];
  priority: number;
  createdAt: string;
  closedAt: string | null;
};

const caseColumns = sql`c.id, c.subject_type as "subjectType", c.subject_id as "subjectId",
  c.person_id as "personId", c.snapshot, c.state, c.held_by_filter as "heldByFilter", c.hidden,
  c.filter, c.sources, c.notes, c.priority,
  ${isoTimestamp(sql`c.created_at`)} as "createdAt", ${isoTimestamp(sql`c.closed_at`)} as "closedAt"`;

/** The subject's open case, locked for the caller's transaction; undefined when none. */
export async function lockOpenCase(
  tx: Database,
  subjectType: ReportSubjectType,
  subjectId: string,
): Promise<CaseRow | undefined> {
  const [row] = await selectRows<CaseRow>(
    tx,
    sql`select ${caseColumns} from moderation_cases c
      where c.subject_type = ${subjectType} and c.subject_id = ${subjectId} and c.state = 'open'
      for update`,
  );
  return row;
}

/** Opens the subject's case (or finds the one opened by someone else at the same moment). */
export async function openCase(
  tx: Database,
  input: {
    subjectType: ReportSubjectType;
    subjectId: string;
    personId: string | null;
    snapshot: Snapshot;
  },
): Promise<CaseRow> {
  await tx.execute(sql`
    insert into moderation_cases (subject_type, subject_id, person_id, snapshot)
    values (${input.subjectType}, ${input.subjectId}, ${input.personId},
      ${JSON.stringify(input.snapshot)}::jsonb)
    on conflict (subject_type, subject_id) where state = 'open' do nothing`);
  const row = await lockOpenCase(tx, input.subjectType, input.subjectId);
  if (!row) throw new Error("the case was neither opened nor found");
  return row;
}

/** What the automatic filter or the product itself adds to a case. */
export async function addToCase(
  tx: Database,
  caseId: string,
  input: {
    source?: string;
    note?: string;
    filter?: { rules: string[]; matches: string[] };
    held?: boolean;
    hidden?: boolean;
  },
): Promise<void> {
  await tx.execute(sql`
    update moderation_cases set
      sources = case when ${input.source ?? null}::text is null or ${input.source ?? null} = any(sources)
        then sources else array_append(sources, ${input.source ?? null}::text) end,
      notes = case when ${input.note ?? null}::text is null then notes
        else array_append(notes, ${input.note ?? null}::text) end,
      filter = coalesce(${input.filter ? JSON.stringify(input.filter) : null}::jsonb, filter),
      held_by_filter = held_by_filter or ${input.held ?? false},
      hidden = hidden or ${input.hidden ?? false}
    where id = ${caseId}`);
}

export async function setCasePriority(tx: Database, caseId: string, priority: number) {
  await tx.execute(sql`update moderation_cases set priority = ${priority} where id = ${caseId}`);
}

/** Closes the case; its reports read the outcome. */
export async function closeCase(
  tx: Database,
  caseId: string,
  outcome: "action_taken" | "no_action",
  now: Date,
  abusive: boolean,
): Promise<void> {
  await tx.execute(sql`update moderation_cases set state = 'closed', closed_at = ${now},
    hidden = false where id = ${caseId}`);
  await tx.execute(sql`update moderation_reports set outcome = ${outcome}, abusive = ${abusive}
    where case_id = ${caseId}`);
}

export type ReportOnCase = {
  id: string;
  reporterId: string | null;
  reason: ReportReason;
  details: string | null;
  trusted: boolean;
  createdAt: string;
};

export async function findReportsOn(db: Database, caseIds: string[]) {
  if (caseIds.length === 0) return [];
  return selectRows<ReportOnCase & { caseId: string; reporter: CardRow | null }>(
    db,
    sql`select r.id, r.case_id as "caseId", r.reporter_id as "reporterId", r.reason, r.details,
        r.trusted, ${isoTimestamp(sql`r.created_at`)} as "createdAt",
        case when u.id is null then null else (select row_to_json(x) from (select ${cardColumns("u")}) x) end as "reporter"
      from moderation_reports r ${joinUser("u", sql`r.reporter_id`, "left")}
      where r.case_id in ${sql`(${sql.join(
        caseIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`}
      order by r.created_at desc, r.id desc`,
  );
}

/** Whether the reporter already has a report on this open case. */
export async function hasReported(tx: Database, caseId: string, reporterId: string) {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`select id from moderation_reports where case_id = ${caseId} and reporter_id = ${reporterId}`,
  );
  return rows.length > 0;
}

export async function insertReport(
  tx: Database,
  input: {
    caseId: string;
    reporterId: string;
    reason: ReportReason;
    details: string | null;
    trusted: boolean;
  },
): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`insert into moderation_reports (case_id, reporter_id, reason, details, trusted)
      values (${input.caseId}, ${input.reporterId}, ${input.reason}, ${input.details}, ${input.trusted})
      returning id`,
  );
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Whether a report of the person's was ever dismissed as abusive. */
export async function hasAbusiveReport(db: Database, reporterId: string): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from moderation_reports where reporter_id = ${reporterId} and abusive limit 1`,
  );
  return rows.length > 0;
}

/** How many of the person's reports a moderator acted on (their trust in the queue's order). */
export async function countUpheldReports(db: Database, reporterId: string): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from moderation_reports
      where reporter_id = ${reporterId} and outcome = 'action_taken'`,
  );
  return Number(row?.count ?? 0);
}

export type MyReportRow = {
  id: string;
  subjectType: ReportSubjectType;
  subjectId: string | null;
  snapshot: Snapshot;
  reason: ReportReason;
  createdAt: string;
  outcome: "action_taken" | "no_action" | null;
};

export function findReportsBy(db: Database, reporterId: string): Promise<MyReportRow[]> {
  return selectRows<MyReportRow>(
    db,
    sql`select r.id, c.subject_type as "subjectType", c.subject_id as "subjectId", c.snapshot,
        r.reason, ${isoTimestamp(sql`r.created_at`)} as "createdAt", r.outcome
      from moderation_reports r join moderation_cases c on c.id = r.case_id
      where r.reporter_id = ${reporterId}
      order by r.created_at desc, r.id desc limit 200`,
  );
}

export type QueuePosition = { priority: number; createdAt: string; id: string };

export async function findCases(
  db: Database,
  query: { state: "open" | "closed"; reason?: string; after: QueuePosition | null; limit: number },
): Promise<CaseRow[]> {
  const reason = query.reason;
  const byReason: SQL = !reason
    ? sql``
    : reason === "filter" || reason === "age_change"
      ? sql`and ${reason} = any(c.sources)`
      : sql`and exists (select 1 from moderation_reports r where r.case_id = c.id and r.reason = ${reason})`;
  const after = query.after;
  const past: SQL = !after
    ? sql``
    : query.state === "open"
      ? sql`and (c.priority, c.created_at, c.id) < (${after.priority}, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`and (c.closed_at, c.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
  const order =
    query.state === "open"
      ? sql`c.priority desc, c.created_at desc, c.id desc`
      : sql`c.closed_at desc, c.id desc`;
  return selectRows<CaseRow>(
    db,
    sql`select ${caseColumns} from moderation_cases c
      where c.state = ${query.state} ${byReason} ${past}
      order by ${order} limit ${query.limit + 1}`,
  );
}

export async function countOpenCases(db: Database): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from moderation_cases where state = 'open'`,
  );
  return Number(row?.count ?? 0);
}

export async function findCase(db: Database, id: string, lock = false) {
  const [row] = await selectRows<CaseRow>(
    db,
    sql`select ${caseColumns} from moderation_cases c where c.id = ${id}
      ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The person's cases but this one, newest first. */
export function findCasesAbout(db: Database, personId: string, exceptId: string) {
  return selectRows<CaseRow>(
    db,
    sql`select ${caseColumns} from moderation_cases c
      where c.person_id = ${personId} and c.id <> ${exceptId}
      order by c.created_at desc limit 50`,
  );
}

export type ActionRow = {
  id: string;
  caseId: string | null;
  personId: string | null;
  actorId: string | null;
  actorName: string | null;
  action: ModerationAction;
  days: number | null;
  until: string | null;
  reason: string;
  createdAt: string;
  appeal: {
    id: string;
    state: "open" | "upheld" | "overturned";
    text: string;
    createdAt: string;
    decidedAt: string | null;
    decisionReason: string | null;
    decidedBy: string | null;
  } | null;
};

const actionColumns = sql`a.id, a.case_id as "caseId", a.person_id as "personId",
  a.actor_id as "actorId",
  ${accountFullName(sql`a.actor_id`)} as "actorName",
  a.action, a.days, ${isoTimestamp(sql`a.until`)} as "until", a.reason,
  ${isoTimestamp(sql`a.created_at`)} as "createdAt",
  (select json_build_object('id', p.id, 'state', p.state, 'text', p.text,
     'createdAt', ${isoTimestamp(sql`p.created_at`)}, 'decidedAt', ${isoTimestamp(sql`p.decided_at`)},
     'decisionReason', p.decision_reason, 'decidedBy', p.decided_by)
   from moderation_appeals p where p.action_id = a.id) as "appeal"`;

export async function insertAction(
  tx: Database,
  input: {
    caseId: string | null;
    personId: string | null;
    actorId: string;
    action: ModerationAction;
    days: number | null;
    until: Date | null;
    reason: string;
    now: Date;
  },
): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`insert into moderation_actions (case_id, person_id, actor_id, action, days, until, reason, created_at)
      values (${input.caseId}, ${input.personId}, ${input.actorId}, ${input.action}, ${input.days},
        ${input.until}, ${input.reason}, ${input.now})
      returning id`,
  );
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export function findActions(
  db: Database,
  where: { caseId?: string; personId?: string; id?: string },
) {
  const condition = where.id
    ? sql`a.id = ${where.id}`
    : where.caseId
      ? sql`a.case_id = ${where.caseId}`
      : sql`a.person_id = ${where.personId ?? null}`;
  return selectRows<ActionRow>(
    db,
    sql`select ${actionColumns} from moderation_actions a where ${condition}
      order by a.created_at desc, a.id desc limit 100`,
  );
}

/** The person's newest action that is not a dismissal (what an appeal is about by default). */
export async function findLatestActionAbout(db: Database, personId: string) {
  const [row] = await selectRows<ActionRow>(
    db,
    sql`select ${actionColumns} from moderation_actions a
      where a.person_id = ${personId} and a.action <> 'dismiss'
      order by a.created_at desc, a.id desc limit 1`,
  );
  return row;
}

export async function insertAppeal(
  tx: Database,
  input: { actionId: string; personId: string; text: string; now: Date },
): Promise<string | undefined> {
  const [row] = await selectRows<{ id: string }>(
    tx,
    sql`insert into moderation_appeals (action_id, person_id, text, created_at)
      values (${input.actionId}, ${input.personId}, ${input.text}, ${input.now})
      on conflict (action_id) do nothing returning id`,
  );
  return row?.id;
}

export type AppealRow = {
  id: string;
  actionId: string;
  personId: string | null;
  personName: string | null;
  text: string;
  state: "open" | "upheld" | "overturned";
  createdAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
};

const appealColumns = sql`p.id, p.action_id as "actionId", p.person_id as "personId",
  ${accountFullName(sql`p.person_id`)} as "personName",
  p.text, p.state, ${isoTimestamp(sql`p.created_at`)} as "createdAt",
  ${isoTimestamp(sql`p.decided_at`)} as "decidedAt", p.decision_reason as "decisionReason"`;

export function findAppeals(db: Database, state: "open" | "decided") {
  return selectRows<AppealRow>(
    db,
    sql`select ${appealColumns} from moderation_appeals p
      where ${state === "open" ? sql`p.state = 'open'` : sql`p.state <> 'open'`}
      order by p.created_at ${state === "open" ? sql`asc` : sql`desc`} limit 100`,
  );
}

export async function findAppeal(db: Database, id: string, lock = false) {
  const [row] = await selectRows<AppealRow>(
    db,
    sql`select ${appealColumns} from moderation_appeals p where p.id = ${id}
      ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function decideAppeal(
  tx: Database,
  input: { id: string; state: "upheld" | "overturned"; by: string; reason: string; now: Date },
) {
  await tx.execute(sql`update moderation_appeals set state = ${input.state},
    decided_by = ${input.by}, decision_reason = ${input.reason}, decided_at = ${input.now}
    where id = ${input.id}`);
}

export type AuditInput = {
  actorId: string | null;
  actorName: string | null;
  action: string;
  subjectType: ReportSubjectType | null;
  subjectId: string | null;
  targetId: string | null;
  targetName: string | null;
  caseId: string | null;
  reason: string;
  now: Date;
};

export async function insertAudit(tx: Database, input: AuditInput): Promise<void> {
  await tx.execute(sql`insert into moderation_audit (actor_id, actor_name, action, subject_type,
      subject_id, target_id, target_name, case_id, reason, created_at)
    values (${input.actorId}, ${input.actorName}, ${input.action}, ${input.subjectType},
      ${input.subjectId}, ${input.targetId}, ${input.targetName}, ${input.caseId}, ${input.reason},
      ${input.now})`);
}

export type AuditRow = {
  id: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  subjectType: ReportSubjectType | null;
  subjectId: string | null;
  targetId: string | null;
  targetName: string | null;
  caseId: string | null;
  reason: string;
  createdAt: string;
};

export function findAudit(
  db: Database,
  after: { at: Date; id: string } | null,
  limit: number,
  targetId?: string,
) {
  return selectRows<AuditRow>(
    db,
    sql`select a.id, a.actor_id as "actorId", a.actor_name as "actorName", a.action,
        a.subject_type as "subjectType", a.subject_id as "subjectId", a.target_id as "targetId",
        a.target_name as "targetName", a.case_id as "caseId", a.reason,
        ${isoTimestamp(sql`a.created_at`)} as "createdAt"
      from moderation_audit a
      where true ${targetId ? sql`and a.target_id = ${targetId}` : sql``}
        ${after ? sql`and (a.created_at, a.id) < (${after.at}, ${after.id}::uuid)` : sql``}
      order by a.created_at desc, a.id desc limit ${limit + 1}`,
  );
}

// ---------- banned emails ----------

export async function insertBannedEmail(tx: Database, emailHash: string): Promise<void> {
  await tx.execute(
    sql`insert into banned_emails (email_hash) values (${emailHash}) on conflict do nothing`,
  );
}

export async function deleteBannedEmail(tx: Database, emailHash: string): Promise<void> {
  await tx.execute(sql`delete from banned_emails where email_hash = ${emailHash}`);
}

export async function isBannedEmail(db: Database, emailHash: string): Promise<boolean> {
  const rows = await selectRows<{ h: string }>(
    db,
    sql`select email_hash as h from banned_emails where email_hash = ${emailHash}`,
  );
  return rows.length > 0;
}

// ---------- personal data ----------

/**
 * A deleted account lets go of the queue: its reports stay (as "Deleted account"), the cases
 * about it keep their snapshot but no longer name it, and the audit keeps the names it wrote.
 */
export async function forgetAccount(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`update moderation_cases set subject_id = null
    where subject_type = 'user' and subject_id = ${userId}`);
  await tx.execute(sql`update moderation_audit set subject_id = null
    where subject_type = 'user' and subject_id = ${userId}`);
}

/** What the export tells the person about decisions on them: no moderator, no reporter. */
export function findDecisionsAbout(db: Database, userId: string) {
  return selectRows<{ action: string; reason: string; createdAt: string; until: string | null }>(
    db,
    sql`select a.action, a.reason, ${isoTimestamp(sql`a.created_at`)} as "createdAt",
        ${isoTimestamp(sql`a.until`)} as "until"
      from moderation_actions a where a.person_id = ${userId} order by a.created_at`,
  );
}

export function findReportExport(db: Database, userId: string) {
  return selectRows<{
    _id: string;
    subjectType: string;
    reason: string;
    details: string | null;
    createdAt: string;
    outcome: string | null;
  }>(
    db,
    sql`select r.id as "_id", c.subject_type as "subjectType", r.reason, r.details,
        ${isoTimestamp(sql`r.created_at`)} as "createdAt", r.outcome
      from moderation_reports r join moderation_cases c on c.id = r.case_id
      where r.reporter_id = ${userId} order by r.created_at`,
  );
}
