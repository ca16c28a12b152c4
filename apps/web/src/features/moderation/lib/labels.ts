import type {
  AuditEntry,
  ModerationAction,
  ModerationActionView,
  ModerationCase,
  ReportSubjectType,
  Role,
} from "@kindred/shared";
import { CASE_SOURCE_LABELS, MODERATION_MESSAGES, REPORT_SUBJECT_LABELS } from "@/config/copy.ts";

export const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: "Dismiss",
  warn: "Warn",
  remove: "Remove content",
  suspend: "Suspend",
  ban: "Ban",
};

/** What happened, as the history and the audit log say it. */
export const AUDIT_LABELS: Record<AuditEntry["action"], string> = {
  dismiss: "Dismissed",
  warn: "Warned",
  remove: "Content removed",
  suspend: "Suspended",
  ban: "Banned",
  appealed: "Appealed",
  appeal_upheld: "Appeal rejected: decision upheld",
  appeal_overturned: "Appeal accepted: decision overturned",
  role_changed: "Role changed",
  hidden_by_reports: "Hidden by trusted reports",
  purged: "Data deleted after a ban",
};

export const ROLE_LABELS: Record<Role, string> = {
  member: "Member",
  moderator: "Moderator",
  admin: "Admin",
};

export function subjectTypeLabel(type: ReportSubjectType): string {
  return REPORT_SUBJECT_LABELS[type];
}

/** "Suspended for 7 days", "Warned": one action in the history. */
export function actionSummary(action: Pick<ModerationActionView, "action" | "days">): string {
  if (action.action === "suspend" && action.days) {
    return `Suspended for ${action.days} ${action.days === 1 ? "day" : "days"}`;
  }
  return AUDIT_LABELS[action.action];
}

/** The person a case is about: their name now, as the snapshot kept it, or a deleted account. */
export function caseName(item: Pick<ModerationCase, "person" | "snapshot">): string {
  const person = item.person ?? item.snapshot.person;
  if (!person) return MODERATION_MESSAGES.deletedAccount;
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || "Unnamed";
}

/** Why the case opened, when no one reported it. */
export function caseSource(item: Pick<ModerationCase, "reports" | "filter" | "notes">) {
  if (item.reports.length > 0) return null;
  return item.filter ? CASE_SOURCE_LABELS.filter : CASE_SOURCE_LABELS.age_change;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A moment in the reader's language. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
