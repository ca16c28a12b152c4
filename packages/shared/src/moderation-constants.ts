// Reports, moderation and appeals: the constants and texts, without zod (the web app's copy
// imports them on every screen; the schemas live in moderation.ts).

/** What a person can report: someone, or something someone wrote. */
export const REPORT_SUBJECT_TYPES = ["user", "message", "post", "reply", "group", "event"] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** What a moderator can do with a case; every action but dismiss concerns the person. */
export const MODERATION_ACTIONS = ["dismiss", "warn", "remove", "suspend", "ban"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The suspensions a moderator can choose, in days. */
export const SUSPENSION_DAYS = [1, 7, 30] as const;
/** Days after an action in which its person may appeal it, once. */
export const APPEAL_WINDOW_DAYS = 14;
export const APPEAL_MAX_LENGTH = 1000;
export const MODERATION_REASON_MAX_LENGTH = 1000;
/** Days after a ban until the account's data is deleted (a keyed hash of the email stays). */
export const BAN_PURGE_DAYS = 30;
/** Distinct trusted reporters whose reports hide a subject until a moderator decides. */
export const TRUSTED_REPORTS_TO_HIDE = 3;
/** A trusted reporter's account is at least this old, with at least this many connections. */
export const TRUSTED_REPORTER_MIN_DAYS = 7;
export const TRUSTED_REPORTER_MIN_CONNECTIONS = 3;
/** Messages around a reported message kept in the report's snapshot (this many on each side). */
export const REPORT_CONTEXT_MESSAGES = 10;

export const CASE_STATES = ["open", "closed"] as const;
export const APPEAL_STATES = ["open", "upheld", "overturned"] as const;
export const APPEAL_DECISIONS = ["uphold", "overturn"] as const;

/** Texts users and tests read. */
export const MODERATION_MESSAGES = {
  reported: "Thank you. A moderator will look at your report.",
  alreadyReported: "You already reported this. A moderator will look at it.",
  subjectNotFound: "This is not there, or you cannot see it.",
  reportSelf: "You cannot report yourself.",
  caseNotFound: "This case does not exist.",
  caseClosed: "This case is already closed.",
  ownCase: "You cannot act on a case about yourself.",
  adminCase: "A moderator cannot act on an admin.",
  daysRequired: "Choose 1, 7 or 30 days.",
  reasonRequired: "Write the reason the person will read.",
  actionDone: "Done. The person has been told.",
  appealSent: "Your appeal was sent. A different moderator will decide.",
  nothingToAppeal: "There is no decision about your account to appeal.",
  alreadyAppealed: "You already appealed this decision.",
  appealTooLate: `Appeals are possible for ${APPEAL_WINDOW_DAYS} days after a decision.`,
  appealNotFound: "This appeal does not exist.",
  appealDecided: "This appeal is already decided.",
  appealOwnAction: "A different moderator than the one who acted decides the appeal.",
  appealEmpty: "Write why the decision should change.",
  appealTooLong: `An appeal has at most ${APPEAL_MAX_LENGTH} characters.`,
  suspended: "Your account is suspended. You can read but not write until the suspension ends.",
  banned: "This account has been banned.",
  roleSaved: "Role saved.",
  roleSelf: "You cannot change your own role.",
  emailRefused: "This email address cannot be used to sign up.",
} as const;
