import { z } from "zod";
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from "./chat-constants.ts";
import { ROLES } from "./constants.ts";
import {
  APPEAL_DECISIONS,
  APPEAL_MAX_LENGTH,
  APPEAL_STATES,
  CASE_STATES,
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
  MODERATION_REASON_MAX_LENGTH,
  REPORT_SUBJECT_TYPES,
} from "./moderation-constants.ts";
import { cardSchema, pageAnswerSchema } from "./schemas.ts";

// Reports, the moderation queue, actions, appeals and the audit log ("Roles and moderation" in
// the API contract).

export const reportSubjectSchema = z.object({
  type: z.enum(REPORT_SUBJECT_TYPES),
  _id: z.guid(),
});
export type ReportSubject = z.infer<typeof reportSubjectSchema>;

export const createReportBodySchema = z.object({
  subject: reportSubjectSchema,
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason." }),
  details: z
    .string()
    .max(REPORT_DETAILS_MAX_LENGTH, `Details have at most ${REPORT_DETAILS_MAX_LENGTH} characters.`)
    .optional(),
  /** Also block the person concerned, as the report dialog offers. */
  block: z.boolean().optional(),
});
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

/** A report as its reporter sees it: whether it was reviewed, never which action was taken. */
export const myReportSchema = z.object({
  _id: z.string(),
  subject: reportSubjectSchema.extend({ label: z.string() }),
  reason: z.enum(REPORT_REASONS),
  createdAt: z.string(),
  state: z.enum(["open", "reviewed"]),
  /** Once reviewed: whether a moderator acted ("Reviewed: action taken"). */
  outcome: z.enum(["action_taken", "no_action"]).nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;

/** The person as the snapshot kept them: the profile's fields and photo, never an email. */
export const snapshotPersonSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  about: z.string(),
  skills: z.array(z.string()),
  /** The photo as it was: a data URL of its small size, or the generated avatar's address. */
  photoUrl: z.string(),
  instagramLink: z.string().nullable(),
  otherLink: z.string().nullable(),
});

export const snapshotMessageSchema = z.object({
  _id: z.string(),
  /** Who wrote it: the person concerned, or the other one in the conversation. */
  from: z.enum(["person", "other"]),
  text: z.string(),
  createdAt: z.string(),
  /** The reported message itself. */
  reported: z.boolean(),
  /** Its earlier texts, when it had been edited, oldest first. */
  edits: z.array(z.object({ text: z.string(), editedAt: z.string() })).optional(),
  /**
   * Its photos, each loaded by a moderator from `GET /api/moderation/cases/:id/photos/:photoId`
   * while the photo exists (deleting the message deletes its files).
   */
  photos: z.array(z.string()).optional(),
});

/** What was reported, as it was when the first report came: it survives edits and deletions. */
export const snapshotSchema = z.object({
  type: z.enum(REPORT_SUBJECT_TYPES),
  takenAt: z.string(),
  person: snapshotPersonSchema.nullable(),
  /** A post's or event's title, a group's name; null for others. */
  title: z.string().nullable(),
  /** A post's, reply's or message's text, a group's or event's description. */
  text: z.string().nullable(),
  /** A conversation around a reported message (or a reported person's, when there is one). */
  messages: z.array(snapshotMessageSchema),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const personRefSchema = z.object({ _id: z.string(), name: z.string() });

export const appealSummarySchema = z.object({
  _id: z.string(),
  state: z.enum(APPEAL_STATES),
  text: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});

export const moderationActionSchema = z.object({
  _id: z.string(),
  caseId: z.string().nullable(),
  action: z.enum(MODERATION_ACTIONS),
  days: z.number().int().nullable(),
  until: z.string().nullable(),
  reason: z.string(),
  actor: personRefSchema.nullable(),
  createdAt: z.string(),
  appeal: appealSummarySchema.nullable(),
});
export type ModerationActionView = z.infer<typeof moderationActionSchema>;

export const caseReportSchema = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  /** null once the reporter deleted their account ("Deleted account"). */
  reporter: cardSchema.nullable(),
  createdAt: z.string(),
});

export const moderationCaseSchema = z.object({
  _id: z.string(),
  subject: reportSubjectSchema,
  /** The person concerned as they are now; null once their account is deleted. */
  person: cardSchema.extend({ role: z.enum(ROLES) }).nullable(),
  snapshot: snapshotSchema,
  reports: z.array(caseReportSchema),
  /** Higher first: severity, distinct reporters, their trust. */
  priority: z.number(),
  state: z.enum(CASE_STATES),
  heldByFilter: z.boolean(),
  /** Hidden from everyone but its author until a decision (held, or trusted reports). */
  hidden: z.boolean(),
  /** What the automatic filter saw; null when it saw nothing. */
  filter: z.object({ rules: z.array(z.string()), matches: z.array(z.string()) }).nullable(),
  /** Sentences the product wrote itself, e.g. an age change across 18. */
  notes: z.array(z.string()),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

export const moderationCaseDetailSchema = moderationCaseSchema.extend({
  /** This case's actions, oldest first. */
  actions: z.array(moderationActionSchema),
  /** The person's earlier cases and the actions on them, newest first. */
  history: z.object({
    cases: z.array(
      z.object({
        _id: z.string(),
        subject: reportSubjectSchema,
        state: z.enum(CASE_STATES),
        createdAt: z.string(),
      }),
    ),
    actions: z.array(moderationActionSchema),
  }),
});
export type ModerationCaseDetail = z.infer<typeof moderationCaseDetailSchema>;

export const casePageSchema = pageAnswerSchema(moderationCaseSchema).extend({
  /** Open cases in all, for the menu's badge. */
  openCount: z.number().int(),
});

export const caseQuerySchema = z.object({
  state: z.enum(CASE_STATES).default("open"),
  reason: z.enum([...REPORT_REASONS, "filter", "age_change"]).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * The body of an action. A suspension needs `days`: the form checks it (moderationActionFormSchema)
 * and the server answers 400 `DAYS_REQUIRED` without it (a rule between fields, which the OpenAPI
 * document cannot say).
 */
export const moderationActionBodySchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  days: z.union([z.literal(1), z.literal(7), z.literal(30)]).optional(),
  reason: z
    .string()
    .trim()
    .min(1, MODERATION_MESSAGES.reasonRequired)
    .max(MODERATION_REASON_MAX_LENGTH),
  /** With dismiss: the reports were abusive; their reporters are no longer trusted. */
  abusive: z.boolean().optional(),
});

/** The action form: the body, and `days` required for a suspension. */
export const moderationActionFormSchema = moderationActionBodySchema.refine(
  (body) => body.action !== "suspend" || body.days !== undefined,
  {
    path: ["days"],
    message: MODERATION_MESSAGES.daysRequired,
  },
);
export type ModerationActionBody = z.infer<typeof moderationActionBodySchema>;

export const appealBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, MODERATION_MESSAGES.appealEmpty)
    .max(APPEAL_MAX_LENGTH, MODERATION_MESSAGES.appealTooLong),
  /** The decision appealed; the newest one about the caller when absent. */
  actionId: z.guid().optional(),
  /** A banned person has no session: the ban's mail carries this token instead. */
  token: z.string().max(2000).optional(),
});
export type AppealBody = z.infer<typeof appealBodySchema>;

export const appealSchema = z.object({
  _id: z.string(),
  state: z.enum(APPEAL_STATES),
  text: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  person: personRefSchema.nullable(),
  action: moderationActionSchema.omit({ appeal: true }),
  /** Whether the caller may decide it (not the moderator who acted). */
  canDecide: z.boolean(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const appealDecisionBodySchema = z.object({
  decision: z.enum(APPEAL_DECISIONS),
  reason: z
    .string()
    .trim()
    .min(1, MODERATION_MESSAGES.reasonRequired)
    .max(MODERATION_REASON_MAX_LENGTH),
});

export const AUDIT_ACTIONS = [
  ...MODERATION_ACTIONS,
  "appealed",
  "appeal_upheld",
  "appeal_overturned",
  "role_changed",
  "hidden_by_reports",
  "purged",
] as const;

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: personRefSchema.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  subject: reportSubjectSchema.nullable(),
  /** The person the action concerned (their name as it was). */
  target: personRefSchema.nullable(),
  caseId: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const roleBodySchema = z.object({ role: z.enum(ROLES) });
