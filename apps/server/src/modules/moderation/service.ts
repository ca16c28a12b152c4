import { createHmac } from "node:crypto";
import {
  APPEAL_WINDOW_DAYS,
  type AppealBody,
  type AuditEntry,
  BAN_PURGE_DAYS,
  type Card,
  type CreateReportBody,
  DELETED_ACCOUNT_PHOTO,
  isUuid,
  type Locale,
  MODERATION_MESSAGES,
  type ModerationActionBody,
  type ModerationActionView,
  type ModerationCase,
  type ModerationCaseDetail,
  type ModerationNotice,
  type MyReport,
  type ReportReason,
  type ReportSubject,
  type Role,
  type Snapshot,
  snapshotSchema,
  TRUSTED_REPORTER_MIN_CONNECTIONS,
  TRUSTED_REPORTER_MIN_DAYS,
  TRUSTED_REPORTS_TO_HIDE,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { t } from "../../i18n/messages.ts";
import type { ModeratedContent } from "../../lib/moderated-content.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError } from "../../plugins/errors.ts";
import { announceSessionEnd } from "../../plugins/session.ts";
import { chatPhotoFileById } from "../chat/changes.ts";
import { conversationEvidence, findMessageForReport, messageModeration } from "../chat/service.ts";
import { eventModeration } from "../events/service.ts";
import { groupModeration } from "../groups/service.ts";
import { enqueueJob } from "../jobs/service.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { renderMail } from "../mail/template.ts";
import { accountOfMember, endAccountCommunityTokens } from "../members/service.ts";
import { loadCommunitySecret } from "../members/token.ts";
import { photoAsDataUrl } from "../photos/service.ts";
import { postModeration, replyModeration } from "../posts/service.ts";
import { connectionIdsOf } from "../requests/service.ts";
import { deleteUserSessions } from "../sessions/service.ts";
import { rowToCard } from "../users/card.ts";
import { findUserById, localeOfUser, setModerationState, setRole } from "../users/service.ts";
import { toCard, type UserRow } from "../users/user-view.ts";
import { APPEAL_HOW, type Decision, decisionMail, decisionSentence } from "./mails.ts";
import * as repository from "./repository.ts";

// Reports, the queue, actions, appeals and the audit log. The content lives in its own modules;
// each lends a ModeratedContent (lib/moderated-content.ts) to read, hide and remove it.

type App = FastifyInstance;
const DAY_MS = 24 * 60 * 60 * 1000;

const CONTENT: Record<Exclude<ReportSubject["type"], "user">, ModeratedContent> = {
  message: messageModeration,
  post: postModeration,
  reply: replyModeration,
  group: groupModeration,
  event: eventModeration,
};

/** How much each reason weighs in the queue's order: harassment and child safety first. */
const SEVERITY: Record<ReportReason | "filter" | "age_change", number> = {
  child_safety: 1000,
  harassment: 900,
  inappropriate: 500,
  spam: 300,
  fake: 300,
  filter: 250,
  other: 200,
  age_change: 100,
};

const fullName = (user: Pick<UserRow, "firstName" | "lastName">) =>
  `${user.firstName} ${user.lastName}`.trim();

// ---------- the keyed hash of a banned email ----------

const hashKeys = new WeakMap<Config, Uint8Array>();

/** HMAC-SHA256 of the lower-cased address under the server's secret: not the address itself. */
export function keyedEmailHash(config: Config, email: string): string {
  let key = hashKeys.get(config);
  if (!key) {
    key = loadCommunitySecret(config);
    hashKeys.set(config, key);
  }
  return createHmac("sha256", key).update(email.trim().toLowerCase()).digest("hex");
}

/** Whether a sign-up with this address is refused (a banned account's). */
export function isEmailRefused(app: App, email: string): Promise<boolean> {
  return repository.isBannedEmail(app.db, keyedEmailHash(app.config, email));
}

// ---------- snapshots ----------

/** The person as a snapshot keeps them; an uploaded photo is copied in (the file may go). */
async function snapshotPerson(app: App, user: UserRow): Promise<Snapshot["person"]> {
  const photo = user.photoKey
    ? await photoAsDataUrl(app, user.photoKey).catch((error: unknown) => {
        app.log.warn({ err: error }, "the reported photo was not copied into the snapshot");
        return null;
      })
    : null;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    age: user.age,
    gender: user.gender,
    about: user.about,
    skills: user.skills,
    // The generated avatar is drawn from the account id, which a snapshot never keeps.
    photoUrl: photo ?? DELETED_ACCOUNT_PHOTO,
    instagramLink: user.instagramLink,
    otherLink: user.otherLink,
  };
}

type Taken = { snapshot: Snapshot; personId: string | null; person: UserRow | undefined };

/**
 * The subject as it is now, for a report by `viewerId` (undefined: unknown or not visible to
 * them) or for the product's own flag (no viewer).
 */
async function takeSnapshot(
  app: App,
  db: Database,
  subject: ReportSubject,
  viewerId: string | null,
): Promise<Taken | undefined> {
  const takenAt = app.now().toISOString();
  if (subject.type === "user") {
    const user = await findUserById(db, subject._id);
    if (!user) return undefined;
    const messages = viewerId ? await conversationSnapshot(app, db, viewerId, user.id) : [];
    return {
      snapshot: {
        type: "user",
        takenAt,
        person: await snapshotPerson(app, user),
        title: null,
        text: null,
        messages,
      },
      personId: user.id,
      person: user,
    };
  }
  if (subject.type === "message" && viewerId) {
    const reported = await findMessageForReport(db, viewerId, subject._id, app.now());
    if (!reported) return undefined;
    const person = await findUserById(db, reported.fromUserId);
    const messages = await conversationSnapshot(app, db, viewerId, reported.otherId, subject._id);
    return {
      snapshot: {
        type: "message",
        takenAt,
        person: person ? await snapshotPerson(app, person) : null,
        title: null,
        text: messages.find((message) => message.reported)?.text ?? null,
        messages,
      },
      personId: person?.id ?? null,
      person,
    };
  }
  const content = CONTENT[subject.type];
  if (viewerId && !(await content.visibleTo(app, viewerId, subject._id))) return undefined;
  const found = await content.find(db, subject._id);
  if (!found) return undefined;
  const personId =
    subject.type === "message" ? found.authorId : await accountOfMember(db, found.authorId);
  const person = personId ? await findUserById(db, personId) : undefined;
  const messages: Snapshot["messages"] = [];
  return {
    snapshot: {
      type: subject.type,
      takenAt,
      person: person ? await snapshotPerson(app, person) : null,
      title: found.title,
      text: found.text,
      messages,
    },
    personId: person?.id ?? null,
    person,
  };
}

/**
 * The conversation around a reported message (10 on each side), or the last 21 messages of the
 * reporter and a reported person: live, or kept 30 days after a removal or block.
 */
async function conversationSnapshot(
  app: App,
  db: Database,
  viewerId: string,
  personId: string,
  messageId?: string,
): Promise<Snapshot["messages"]> {
  const messages = await conversationEvidence(db, {
    reporterId: viewerId,
    otherId: personId,
    messageId,
    now: app.now(),
  });
  return messages.map((message) => ({
    _id: message._id,
    from: message.fromUserId === personId ? ("person" as const) : ("other" as const),
    text: message.text,
    createdAt: message.createdAt,
    reported: message._id === messageId,
    ...(message.edits.length > 0 ? { edits: message.edits } : {}),
    ...(message.photos.length > 0 ? { photos: message.photos } : {}),
  }));
}

// ---------- trust and priority ----------

/** Trusted: an account older than 7 days, with 3 connections, no report dismissed as abusive. */
async function isTrusted(app: App, db: Database, user: UserRow): Promise<boolean> {
  if (app.now().getTime() - user.createdAt.getTime() < TRUSTED_REPORTER_MIN_DAYS * DAY_MS) {
    return false;
  }
  const connections = await connectionIdsOf(db, user.id);
  if (connections.length < TRUSTED_REPORTER_MIN_CONNECTIONS) return false;
  return !(await repository.hasAbusiveReport(db, user.id));
}

async function updatePriority(db: Database, kase: repository.CaseRow): Promise<number> {
  const reports = await repository.findReportsOn(db, [kase.id]);
  const reasons = [...reports.map((r) => r.reason), ...kase.sources] as (keyof typeof SEVERITY)[];
  const severity = Math.max(0, ...reasons.map((reason) => SEVERITY[reason] ?? 0));
  const reporters = new Set(reports.map((r) => r.reporterId).filter(Boolean));
  const trusted = new Set(reports.filter((r) => r.trusted).map((r) => r.reporterId));
  let upheld = 0;
  for (const id of reporters) upheld += await repository.countUpheldReports(db, id as string);
  const priority = severity + 20 * reporters.size + 10 * trusted.size + Math.min(upheld, 20);
  await repository.setCasePriority(db, kase.id, priority);
  return trusted.size;
}

// ---------- hiding and showing a subject ----------

async function setSubjectShown(
  app: App,
  db: Database,
  kase: Pick<repository.CaseRow, "subjectType" | "subjectId">,
  shown: boolean,
) {
  if (!kase.subjectId) return;
  if (kase.subjectType === "user") {
    await setModerationState(db, kase.subjectId, { hiddenForReview: !shown }, app.now());
    return;
  }
  const content = CONTENT[kase.subjectType];
  const found = await content.find(db, kase.subjectId);
  if (!found) return;
  if (shown && found.visibility !== "visible") {
    await content.setVisibility(db, kase.subjectId, "visible");
  } else if (!shown && found.visibility === "visible") {
    await content.setVisibility(db, kase.subjectId, "hidden");
  }
}

// ---------- reports ----------

/** Files a report (opening or joining the subject's case); its id. */
export async function fileReport(
  app: App,
  reporterId: string,
  body: CreateReportBody,
): Promise<{ id: string; personId: string | null; taken: Taken }> {
  const subject = { type: body.subject.type, _id: body.subject._id.toLowerCase() };
  const reporter = await findUserById(app.db, reporterId);
  if (!reporter) throw new HttpError(401, "UNAUTHENTICATED", "Log in again.");
  const taken = await takeSnapshot(app, app.db, subject, reporterId);
  if (!taken) throw new HttpError(404, "NOT_FOUND", MODERATION_MESSAGES.subjectNotFound);
  if (taken.personId === reporterId) {
    throw new HttpError(400, "SELF_REPORT", MODERATION_MESSAGES.reportSelf);
  }
  const trusted = await isTrusted(app, app.db, reporter);
  const details = body.details?.trim() || null;
  const id = await app.db.transaction(async (tx) => {
    const kase = await repository.openCase(tx, {
      subjectType: subject.type,
      subjectId: subject._id,
      personId: taken.personId,
      snapshot: taken.snapshot,
    });
    if (await repository.hasReported(tx, kase.id, reporterId)) {
      throw new HttpError(409, "ALREADY_REPORTED", MODERATION_MESSAGES.alreadyReported);
    }
    const reportId = await repository.insertReport(tx, {
      caseId: kase.id,
      reporterId,
      reason: body.reason,
      details,
      trusted,
    });
    const trustedReporters = await updatePriority(tx, kase);
    if (trustedReporters >= TRUSTED_REPORTS_TO_HIDE && !kase.hidden) {
      await repository.addToCase(tx, kase.id, { hidden: true });
      await setSubjectShown(app, tx, kase, false);
      await repository.insertAudit(tx, {
        actorId: null,
        actorName: null,
        action: "hidden_by_reports",
        subjectType: subject.type,
        subjectId: subject._id,
        targetId: taken.personId,
        targetName: taken.person ? fullName(taken.person) : null,
        caseId: kase.id,
        reason: `${trustedReporters} trusted reports`,
        now: app.now(),
      });
    }
    return reportId;
  });
  return { id, personId: taken.personId, taken };
}

/** The mail to SUPPORT_EMAIL about a report, when one is set. */
export function reportMail(
  config: Pick<Config, "publicOrigin" | "supportEmail">,
  input: {
    reportId: string;
    reporter: UserRow;
    subject: ReportSubject;
    snapshot: Snapshot;
    reason: string;
    details: string | null;
  },
): MailMessage {
  const name = input.snapshot.person
    ? `${input.snapshot.person.firstName} ${input.snapshot.person.lastName}`.trim()
    : "a community member";
  return {
    to: config.supportEmail,
    subject: `Report: ${name} (${input.reason})`,
    ...renderMail({
      greeting: "Hello support team,",
      paragraphs: [
        `${fullName(input.reporter)} (${input.reporter.email}) reported ${input.subject.type === "user" ? name : `a ${input.subject.type} by ${name}`} for ${input.reason}.`,
        input.details ? `Details: ${input.details}` : "No details were given.",
        `The case is in the moderation queue: ${config.publicOrigin}/moderation`,
      ],
      footnote: `Report ${input.reportId}.`,
    }),
  };
}

function subjectLabel(row: repository.MyReportRow): string {
  const person = row.snapshot.person;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : "Deleted account";
  if (row.subjectType === "user") return name;
  if (row.snapshot.title) return `${row.snapshot.title} (${name})`;
  const text = row.snapshot.text ?? "";
  return `${text.length > 60 ? `${text.slice(0, 59)}…` : text} (${name})`;
}

export async function myReports(db: Database, userId: string): Promise<MyReport[]> {
  const rows = await repository.findReportsBy(db, userId);
  return rows.map((row) => ({
    _id: row.id,
    subject: { type: row.subjectType, _id: row.subjectId ?? row.id, label: subjectLabel(row) },
    reason: row.reason,
    createdAt: row.createdAt,
    state: row.outcome ? ("reviewed" as const) : ("open" as const),
    outcome: row.outcome,
  }));
}

// ---------- the product's own flags ----------

/** app.moderation.flag: the filter or the age rule opens (or joins) the subject's case. */
export async function flag(
  app: App,
  tx: Database,
  input: {
    subject: ReportSubject;
    userId: string;
    source: "filter" | "age_change";
    held: boolean;
    filter?: { rules: string[]; matches: string[] };
    note?: string;
  },
): Promise<void> {
  const taken = await takeSnapshot(app, tx, input.subject, null);
  if (!taken) return;
  const kase = await repository.openCase(tx, {
    subjectType: input.subject.type,
    subjectId: input.subject._id,
    personId: taken.personId ?? input.userId,
    snapshot: taken.snapshot,
  });
  await repository.addToCase(tx, kase.id, {
    source: input.source,
    ...(input.note ? { note: input.note } : {}),
    ...(input.filter ? { filter: input.filter } : {}),
    held: input.held,
    hidden: input.held,
  });
  await updatePriority(tx, { ...kase, sources: [...kase.sources, input.source] });
}

// ---------- the queue ----------

type QueueCursor = repository.QueuePosition;

function encodeQueueCursor(cursor: QueueCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeQueueCursor(text: string | undefined): QueueCursor | null {
  if (!text) return null;
  try {
    const value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (
      typeof value?.priority === "number" &&
      typeof value?.createdAt === "string" &&
      !Number.isNaN(Date.parse(value.createdAt)) &&
      typeof value?.id === "string" &&
      /^[0-9a-f-]{36}$/.test(value.id)
    ) {
      return value;
    }
  } catch {}
  throw new HttpError(
    400,
    "BAD_CURSOR",
    "This cursor is not valid; start again from the first page.",
  );
}

async function personCard(db: Database, personId: string | null) {
  if (!personId) return null;
  const user = await findUserById(db, personId);
  return user ? { ...toCard(user), role: user.role as Role } : null;
}

async function toCases(db: Database, rows: repository.CaseRow[]): Promise<ModerationCase[]> {
  const reports = await repository.findReportsOn(
    db,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => ({
      _id: row.id,
      subject: { type: row.subjectType, _id: row.subjectId ?? row.id },
      person: await personCard(db, row.personId),
      snapshot: row.snapshot,
      reports: reports
        .filter((report) => report.caseId === row.id)
        .map((report) => ({
          _id: report.id,
          reason: report.reason,
          details: report.details,
          reporter: report.reporter ? rowToCard(report.reporter) : null,
          createdAt: report.createdAt,
        })),
      priority: row.priority,
      state: row.state,
      heldByFilter: row.heldByFilter,
      hidden: row.hidden,
      filter: row.filter,
      notes: row.notes,
      createdAt: row.createdAt,
      closedAt: row.closedAt,
    })),
  );
}

export async function listCases(
  db: Database,
  query: {
    state: "open" | "closed";
    reason?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const rows = await repository.findCases(db, {
    state: query.state,
    ...(query.reason ? { reason: query.reason } : {}),
    after: decodeQueueCursor(query.cursor),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeQueueCursor({
          priority: last.priority,
          createdAt: (query.state === "open" ? last.createdAt : last.closedAt) ?? last.createdAt,
          id: last.id,
        })
      : null;
  return {
    items: await toCases(db, page),
    nextCursor,
    openCount: await repository.countOpenCases(db),
  };
}

function toActionView(row: repository.ActionRow): ModerationActionView {
  return {
    _id: row.id,
    caseId: row.caseId,
    action: row.action,
    days: row.days,
    until: row.until,
    reason: row.reason,
    actor: row.actorId ? { _id: row.actorId, name: row.actorName ?? "Moderator" } : null,
    createdAt: row.createdAt,
    appeal: row.appeal
      ? {
          _id: row.appeal.id,
          state: row.appeal.state,
          text: row.appeal.text,
          createdAt: row.appeal.createdAt,
          decidedAt: row.appeal.decidedAt,
          decisionReason: row.appeal.decisionReason,
        }
      : null,
  };
}

export const CASE_NOT_FOUND = { code: "NOT_FOUND", message: MODERATION_MESSAGES.caseNotFound };

/**
 * A photo of a case's conversation, for its moderator: the large file of a photo one of the
 * snapshot's messages held, while it exists; undefined otherwise.
 */
export async function casePhoto(app: App, caseId: string, photoId: string) {
  const row = isUuid(caseId) ? await repository.findCase(app.db, caseId) : undefined;
  if (!row) return undefined;
  const parsed = snapshotSchema.safeParse(row.snapshot);
  if (!parsed.success) return undefined;
  const held = parsed.data.messages.some((message) => message.photos?.includes(photoId));
  return held ? chatPhotoFileById(app, photoId) : undefined;
}

export async function caseDetail(db: Database, id: string): Promise<ModerationCaseDetail> {
  const row = await repository.findCase(db, id);
  if (!row) throw new HttpError(404, "NOT_FOUND", MODERATION_MESSAGES.caseNotFound);
  const [kase] = await toCases(db, [row]);
  if (!kase) throw new HttpError(404, "NOT_FOUND", MODERATION_MESSAGES.caseNotFound);
  const actions = await repository.findActions(db, { caseId: row.id });
  const earlier = row.personId ? await repository.findCasesAbout(db, row.personId, row.id) : [];
  const personActions = row.personId
    ? (await repository.findActions(db, { personId: row.personId })).filter(
        (action) => action.caseId !== row.id,
      )
    : [];
  return {
    ...kase,
    actions: actions.reverse().map(toActionView),
    history: {
      cases: earlier.map((c) => ({
        _id: c.id,
        subject: { type: c.subjectType, _id: c.subjectId ?? c.id },
        state: c.state,
        createdAt: c.createdAt,
      })),
      actions: personActions.map(toActionView),
    },
  };
}

// ---------- telling the person ----------

type Told = { userId: string; notificationId: string | undefined; mail: MailMessage };

async function tellPerson(
  app: App,
  tx: Database,
  person: UserRow,
  input: {
    actionId: string;
    decision: Decision;
    reason: string;
    appealable: boolean;
    appealToken?: string;
  },
): Promise<Told> {
  const sentence = decisionSentence(input.decision);
  const text = `${sentence}: ${input.reason}.${input.appealable ? ` ${APPEAL_HOW}` : ""}`;
  const notificationId = await app.notifications.tellModeration(tx, {
    userId: person.id,
    actionId: input.actionId,
    text,
    url: "/",
  });

  const appealLink = input.appealToken
    ? `${app.config.publicOrigin}/appeal?token=${encodeURIComponent(input.appealToken)}`
    : `${app.config.publicOrigin}/`;
  const mail = decisionMail(
    person.email,
    person.firstName,
    {
      decision: input.decision,
      reason: input.reason,
      appealLink: input.appealable ? appealLink : null,
    },
    { locale: localeOfUser(person), timeZone: person.timeZone },
  );
  return { userId: person.id, notificationId, mail };
}

/** After the decision's commit: the notification to the person's open tabs, and the mail. */
function tellAfterCommit(app: App, told: Told | undefined) {
  if (!told) return;
  void app.notifications.announce(told.userId, told.notificationId);
  const message = told.mail;
  app.deliverMail(message, app.log).catch((error: unknown) => {
    app.log.error({ err: error, mailTo: message.to }, "moderation mail not sent");
  });
}

// ---------- actions ----------

async function actorOf(db: Database, actorId: string): Promise<UserRow> {
  const actor = await findUserById(db, actorId);
  if (!actor) throw new HttpError(401, "UNAUTHENTICATED", "Log in again.");
  return actor;
}

/** A banned person has no session: the ban's mail carries a signed appeal token instead. */
function appealToken(app: App, actionId: string, personId: string): string {
  const payload = Buffer.from(JSON.stringify({ a: actionId, p: personId })).toString("base64url");
  const mac = createHmac("sha256", hashKeyOf(app.config))
    .update(`appeal:${payload}`)
    .digest("base64url");
  return `${payload}.${mac}`;
}

function hashKeyOf(config: Config): Uint8Array {
  keyedEmailHash(config, "");
  return hashKeys.get(config) as Uint8Array;
}

function readAppealToken(app: App, token: string): { actionId: string; personId: string } | null {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return null;
  const expected = createHmac("sha256", hashKeyOf(app.config))
    .update(`appeal:${payload}`)
    .digest("base64url");
  if (expected.length !== mac.length || expected !== mac) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof value?.a === "string" && typeof value?.p === "string"
      ? { actionId: value.a, personId: value.p }
      : null;
  } catch {
    return null;
  }
}

export async function act(
  app: App,
  actorId: string,
  caseId: string,
  body: ModerationActionBody & { abusive?: boolean | undefined },
): Promise<ModerationActionView> {
  const actor = await actorOf(app.db, actorId);
  const now = app.now();
  let sessionsEnded: string | null = null;
  const result = await app.db.transaction(async (tx) => {
    const kase = await repository.findCase(tx, caseId, true);
    if (!kase) throw new HttpError(404, "NOT_FOUND", MODERATION_MESSAGES.caseNotFound);
    if (kase.state === "closed")
      throw new HttpError(409, "CASE_CLOSED", MODERATION_MESSAGES.caseClosed);
    if (kase.personId === actorId)
      throw new HttpError(403, "OWN_CASE", MODERATION_MESSAGES.ownCase);
    const person = kase.personId ? await findUserById(tx, kase.personId) : undefined;
    if (person?.role === "admin" && actor.role !== "admin") {
      throw new HttpError(403, "ADMIN_CASE", MODERATION_MESSAGES.adminCase);
    }
    if (body.action === "remove" && kase.subjectType === "user") {
      throw new HttpError(400, "VALIDATION", "A person cannot be removed; suspend or ban them.", [
        {
          path: "action",
          message: "Remove is for content: a post, reply, group, event or message.",
        },
      ]);
    }
    if (body.action === "suspend" && body.days === undefined) {
      throw new HttpError(400, "DAYS_REQUIRED", MODERATION_MESSAGES.daysRequired, [
        { path: "days", message: MODERATION_MESSAGES.daysRequired },
      ]);
    }
    if ((body.action === "suspend" || body.action === "ban" || body.action === "warn") && !person) {
      throw new HttpError(
        409,
        "ACCOUNT_GONE",
        "The account was deleted; dismiss or remove the content.",
      );
    }
    const days = body.action === "suspend" ? (body.days ?? 1) : null;
    const until = days ? new Date(now.getTime() + days * DAY_MS) : null;
    const actionId = await repository.insertAction(tx, {
      caseId: kase.id,
      personId: kase.personId,
      actorId,
      action: body.action,
      days,
      until,
      reason: body.reason,
      now,
    });
    if (body.action === "dismiss") {
      await setSubjectShown(app, tx, kase, true);
    } else if (body.action === "warn") {
      await setSubjectShown(app, tx, kase, true);
    } else if (body.action === "remove" && kase.subjectId && kase.subjectType !== "user") {
      await CONTENT[kase.subjectType].remove(tx, kase.subjectId);
    } else if (body.action === "suspend" && person) {
      await setModerationState(tx, person.id, { suspendedUntil: until }, now);
    } else if (body.action === "ban" && person) {
      await setModerationState(tx, person.id, { bannedAt: now }, now);
      await repository.insertBannedEmail(tx, keyedEmailHash(app.config, person.email));
      await deleteUserSessions(tx, person.id);
      await endAccountCommunityTokens(tx, person.id);
      await enqueueJob(tx, {
        kind: "ban_purge",
        payload: { userId: person.id },
        runAt: new Date(now.getTime() + BAN_PURGE_DAYS * DAY_MS),
        key: `ban_purge:${person.id}`,
      });
      sessionsEnded = person.id;
    }
    await repository.closeCase(
      tx,
      kase.id,
      body.action === "dismiss" ? "no_action" : "action_taken",
      now,
      body.action === "dismiss" && body.abusive === true,
    );
    await repository.insertAudit(tx, {
      actorId,
      actorName: fullName(actor),
      action: body.action,
      subjectType: kase.subjectType,
      subjectId: kase.subjectId,
      targetId: kase.personId,
      targetName: person ? fullName(person) : null,
      caseId: kase.id,
      reason: body.reason,
      now,
    });
    const told =
      person && body.action !== "dismiss"
        ? await tellPerson(app, tx, person, {
            actionId,
            decision:
              body.action === "suspend"
                ? { action: "suspend", days: days ?? 1, until: until ?? now }
                : { action: body.action },
            reason: body.reason,
            appealable: true,
            ...(body.action === "ban"
              ? { appealToken: appealToken(app, actionId, person.id) }
              : {}),
          })
        : undefined;
    const [row] = await repository.findActions(tx, { id: actionId });
    if (!row) throw new Error("the action was not stored");
    return { view: toActionView(row), told };
  });
  if (sessionsEnded) await announceSessionEnd(app, { userId: sessionsEnded });
  tellAfterCommit(app, result.told);
  return result.view;
}

// ---------- the notice and appeals ----------

/** Me.moderation: the suspension (or ban) the person reads about, else null. */
export async function noticeFor(app: App, user: UserRow): Promise<ModerationNotice> {
  const now = app.now();
  const banned = user.bannedAt !== null;
  const suspended = user.suspendedUntil !== null && user.suspendedUntil.getTime() > now.getTime();
  if (!banned && !suspended) return null;
  const action = await repository.findLatestActionAbout(app.db, user.id);
  const appealable =
    action &&
    !action.appeal &&
    Date.parse(action.createdAt) + APPEAL_WINDOW_DAYS * DAY_MS > now.getTime();
  return {
    state: banned ? "banned" : "suspended",
    reason: action?.reason ?? "",
    until: banned ? null : (user.suspendedUntil?.toISOString() ?? null),
    actionId: action?.id ?? "",
    appealUntil:
      appealable && action
        ? new Date(Date.parse(action.createdAt) + APPEAL_WINDOW_DAYS * DAY_MS).toISOString()
        : null,
    appeal: action?.appeal ? { state: action.appeal.state } : null,
  };
}

/** The 403 a banned person's login answers, with the notice. */
export async function bannedLoginError(
  app: App,
  user: UserRow,
  locale: Locale = "en",
): Promise<HttpError> {
  const action = await repository.findLatestActionAbout(app.db, user.id);
  // Put together in the person's language here: the parts are translated one by one.
  const reason = action?.reason
    ? ` ${t(locale, "The reason: {reason}", { reason: action.reason })}`
    : "";
  const appeal = t(
    locale,
    "You can appeal within {days} days from the link in the email we sent you.",
    { days: APPEAL_WINDOW_DAYS },
  );
  return new HttpError(
    403,
    "BANNED",
    `${t(locale, MODERATION_MESSAGES.banned)}${reason} ${appeal}`,
  );
}

export async function fileAppeal(
  app: App,
  sessionUserId: string | null,
  body: AppealBody,
): Promise<string> {
  let personId = sessionUserId;
  let actionId = body.actionId?.toLowerCase();
  if (body.token) {
    const grant = readAppealToken(app, body.token);
    if (!grant) throw new HttpError(400, "INVALID_TOKEN", "This appeal link is not valid.");
    personId = grant.personId;
    actionId = grant.actionId;
  }
  if (!personId) throw new HttpError(401, "UNAUTHENTICATED", "Log in to appeal.");
  const [action] = actionId
    ? await repository.findActions(app.db, { id: actionId })
    : [await repository.findLatestActionAbout(app.db, personId)];
  if (!action || action.personId !== personId || action.action === "dismiss") {
    throw new HttpError(409, "NOTHING_TO_APPEAL", MODERATION_MESSAGES.nothingToAppeal);
  }
  if (action.appeal)
    throw new HttpError(409, "ALREADY_APPEALED", MODERATION_MESSAGES.alreadyAppealed);
  const now = app.now();
  if (Date.parse(action.createdAt) + APPEAL_WINDOW_DAYS * DAY_MS < now.getTime()) {
    throw new HttpError(409, "APPEAL_TOO_LATE", MODERATION_MESSAGES.appealTooLate);
  }
  const person = await findUserById(app.db, personId);
  return app.db.transaction(async (tx) => {
    const id = await repository.insertAppeal(tx, {
      actionId: action.id,
      personId,
      text: body.text,
      now,
    });
    if (!id) throw new HttpError(409, "ALREADY_APPEALED", MODERATION_MESSAGES.alreadyAppealed);
    await repository.insertAudit(tx, {
      actorId: personId,
      actorName: person ? fullName(person) : null,
      action: "appealed",
      subjectType: null,
      subjectId: null,
      targetId: personId,
      targetName: person ? fullName(person) : null,
      caseId: action.caseId,
      reason: body.text,
      now,
    });
    return id;
  });
}

export async function listAppeals(db: Database, viewerId: string, state: "open" | "decided") {
  const rows = await repository.findAppeals(db, state);
  return Promise.all(
    rows.map(async (row) => {
      const [action] = await repository.findActions(db, { id: row.actionId });
      if (!action) throw new Error("an appeal without its action");
      const { appeal: _appeal, ...view } = toActionView(action);
      return {
        _id: row.id,
        state: row.state,
        text: row.text,
        createdAt: row.createdAt,
        decidedAt: row.decidedAt,
        decisionReason: row.decisionReason,
        person: row.personId ? { _id: row.personId, name: row.personName ?? "" } : null,
        action: view,
        canDecide: row.state === "open" && action.actorId !== viewerId && row.personId !== viewerId,
      };
    }),
  );
}

export async function decideAppeal(
  app: App,
  moderatorId: string,
  appealId: string,
  body: { decision: "uphold" | "overturn"; reason: string },
): Promise<void> {
  const moderator = await actorOf(app.db, moderatorId);
  const now = app.now();
  const told = await app.db.transaction(async (tx) => {
    const appeal = await repository.findAppeal(tx, appealId, true);
    if (!appeal) throw new HttpError(404, "NOT_FOUND", MODERATION_MESSAGES.appealNotFound);
    if (appeal.state !== "open")
      throw new HttpError(409, "APPEAL_DECIDED", MODERATION_MESSAGES.appealDecided);
    const [action] = await repository.findActions(tx, { id: appeal.actionId });
    if (!action) throw new HttpError(404, "NOT_FOUND", MODERATION_MESSAGES.appealNotFound);
    if (action.actorId === moderatorId || appeal.personId === moderatorId) {
      throw new HttpError(403, "APPEAL_OWN_ACTION", MODERATION_MESSAGES.appealOwnAction);
    }
    const overturn = body.decision === "overturn";
    await repository.decideAppeal(tx, {
      id: appeal.id,
      state: overturn ? "overturned" : "upheld",
      by: moderatorId,
      reason: body.reason,
      now,
    });
    const person = appeal.personId ? await findUserById(tx, appeal.personId) : undefined;
    if (overturn && person) {
      if (action.action === "suspend")
        await setModerationState(tx, person.id, { suspendedUntil: null }, now);
      if (action.action === "ban") {
        await setModerationState(tx, person.id, { bannedAt: null }, now);
        await repository.deleteBannedEmail(tx, keyedEmailHash(app.config, person.email));
      }
    }
    await repository.insertAudit(tx, {
      actorId: moderatorId,
      actorName: fullName(moderator),
      action: overturn ? "appeal_overturned" : "appeal_upheld",
      subjectType: null,
      subjectId: null,
      targetId: appeal.personId,
      targetName: person ? fullName(person) : appeal.personName,
      caseId: action.caseId,
      reason: body.reason,
      now,
    });
    if (!person) return undefined;
    return tellPerson(app, tx, person, {
      actionId: action.id,
      decision: { action: overturn ? "appeal_overturned" : "appeal_upheld" },
      reason: body.reason,
      appealable: false,
    });
  });
  tellAfterCommit(app, told);
}

// ---------- the audit log and roles ----------

function toAuditEntry(row: repository.AuditRow): AuditEntry {
  return {
    _id: row.id,
    actor:
      row.actorId || row.actorName
        ? { _id: row.actorId ?? "", name: row.actorName ?? "Deleted account" }
        : null,
    action: row.action as AuditEntry["action"],
    subject:
      row.subjectType && row.subjectId ? { type: row.subjectType, _id: row.subjectId } : null,
    target:
      row.targetId || row.targetName
        ? { _id: row.targetId ?? "", name: row.targetName ?? "Deleted account" }
        : null,
    caseId: row.caseId,
    reason: row.reason,
    createdAt: row.createdAt,
  };
}

export async function auditPage(
  db: Database,
  cursor: { at: Date; id: string } | null,
  limit: number,
) {
  const rows = await repository.findAudit(db, cursor, limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toAuditEntry),
    next: rows.length > limit && last ? { at: new Date(last.createdAt), id: last.id } : null,
  };
}

export async function changeRole(
  app: App,
  adminId: string,
  userId: string,
  role: Role,
): Promise<Card & { role: Role }> {
  const target = userId.toLowerCase();
  if (target === adminId) throw new HttpError(400, "ROLE_SELF", MODERATION_MESSAGES.roleSelf);
  const admin = await actorOf(app.db, adminId);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const user = await findUserById(tx, target);
    if (!user) throw new HttpError(404, "USER_NOT_FOUND", "This user does not exist.");
    const change = await setRole(tx, user.email, role, now);
    await repository.insertAudit(tx, {
      actorId: adminId,
      actorName: fullName(admin),
      action: "role_changed",
      subjectType: "user",
      subjectId: user.id,
      targetId: user.id,
      targetName: fullName(user),
      caseId: null,
      reason: `${change?.previous ?? user.role} → ${role}`,
      now,
    });
    return { ...toCard(user), role };
  });
}

// ---------- the purge of a banned account ----------

/** The ban_purge job: 30 days after a ban that still holds, the account is deleted. */
export function banPurgeHandler(app: App, deleteAccount: (userId: string) => Promise<void>) {
  return async (context: { job: { payload: Record<string, unknown> } }) => {
    const userId = String(context.job.payload.userId ?? "");
    const user = await findUserById(app.db, userId);
    if (!user || user.bannedAt === null) return undefined;
    await app.db.transaction((tx) =>
      repository.insertAudit(tx, {
        actorId: null,
        actorName: null,
        action: "purged",
        subjectType: null,
        subjectId: null,
        targetId: null,
        targetName: fullName(user),
        caseId: null,
        reason: `Banned ${BAN_PURGE_DAYS} days ago: the account's data is deleted.`,
        now: app.now(),
      }),
    );
    await deleteAccount(user.id);
    return undefined;
  };
}

// ---------- personal data ----------

/**
 * The reports the person filed and the decisions about them (no moderator, no reporter named).
 * Deletion keeps the queue's evidence: reports become "Deleted account", cases keep their
 * snapshot but lose the account's id.
 */
export const moderationPersonalData: PersonalDataPart = {
  module: "moderation",
  tables: [
    "moderation_cases",
    "moderation_reports",
    "moderation_actions",
    "moderation_appeals",
    "moderation_audit",
  ],
  exportFor: async (db, { userId }) => ({
    reports: await repository.findReportExport(db, userId),
    moderationDecisions: await repository.findDecisionsAbout(db, userId),
  }),
  deleteFor: (tx, userId) => repository.forgetAccount(tx, userId),
};
