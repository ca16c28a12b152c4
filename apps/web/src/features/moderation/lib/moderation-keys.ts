import type { CaseFilter } from "../api/get-cases.ts";

/** The moderation screens' query keys: every list and case under one root, for refreshing. */
export const moderationKeys = {
  all: ["moderation"] as const,
  cases: (filter: CaseFilter) => ["moderation", "cases", filter] as const,
  openCount: ["moderation", "open-count"] as const,
  case: (id: string) => ["moderation", "case", id] as const,
  appeals: ["moderation", "appeals"] as const,
  audit: ["moderation", "audit"] as const,
};
