import type {
  AuditEntry,
  ModerationAction,
  ModerationActionView,
  ModerationCase,
  ReportSubjectType,
  Role,
} from "@kindred/shared";
import { plural, t } from "@lingui/core/macro";
import { CASE_SOURCE_LABELS, MODERATION_MESSAGES, REPORT_SUBJECT_LABELS } from "@/config/copy.ts";
import { i18n } from "@/i18n/runtime.tsx";

export const ACTION_LABELS: Record<ModerationAction, string> = {
  get dismiss() {
    return t`Dismiss`;
  },
  get warn() {
    return t`Warn`;
  },
  get remove() {
    return t`Remove content`;
  },
  get suspend() {
    return t`Suspend`;
  },
  get ban() {
    return t`Ban`;
  },
};

/** What happened, as the history and the audit log say it. */
export const AUDIT_LABELS: Record<AuditEntry["action"], string> = {
  get dismiss() {
    return t`Dismissed`;
  },
  get warn() {
    return t`Warned`;
  },
  get remove() {
    return t`Content removed`;
  },
  get suspend() {
    return t`Suspended`;
  },
  get ban() {
    return t`Banned`;
  },
  get appealed() {
    return t`Appealed`;
  },
  get appeal_upheld() {
    return t`Appeal rejected: decision upheld`;
  },
  get appeal_overturned() {
    return t`Appeal accepted: decision overturned`;
  },
  get role_changed() {
    return t`Role changed`;
  },
  get hidden_by_reports() {
    return t`Hidden by trusted reports`;
  },
  get purged() {
    return t`Data deleted after a ban`;
  },
};

export const ROLE_LABELS: Record<Role, string> = {
  get member() {
    return t`Member`;
  },
  get moderator() {
    return t`Moderator`;
  },
  get admin() {
    return t`Admin`;
  },
};

export function subjectTypeLabel(type: ReportSubjectType): string {
  return REPORT_SUBJECT_LABELS[type];
}

/** "Suspended for 7 days", "Warned": one action in the history. */
export function actionSummary(action: Pick<ModerationActionView, "action" | "days">): string {
  if (action.action === "suspend" && action.days) {
    return plural(action.days, { one: "Suspended for # day", other: "Suspended for # days" });
  }
  return AUDIT_LABELS[action.action];
}

/** The person a case is about: their name now, as the snapshot kept it, or a deleted account. */
export function caseName(item: Pick<ModerationCase, "person" | "snapshot">): string {
  const person = item.person ?? item.snapshot.person;
  if (!person) return MODERATION_MESSAGES.deletedAccount;
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || t`Unnamed`;
}

/** Why the case opened, when no one reported it. */
export function caseSource(item: Pick<ModerationCase, "reports" | "filter" | "notes">) {
  if (item.reports.length > 0) return null;
  return item.filter ? CASE_SOURCE_LABELS.filter : CASE_SOURCE_LABELS.age_change;
}

/** A moment in the reader's language. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
}
