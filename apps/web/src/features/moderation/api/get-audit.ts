import type { AuditEntry } from "@kindred/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { moderationKeys } from "../lib/moderation-keys.ts";

export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null };

/** One page of the audit log, newest first (admins only). */
export async function getAudit(cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  const body = await apiClient.get<{ data: AuditEntry[]; nextCursor: string | null }>(
    "/moderation/audit",
    { query: { cursor: cursor ?? undefined }, signal },
  );
  return { entries: body.data, nextCursor: body.nextCursor };
}

export function auditQueryOptions() {
  return infiniteQueryOptions({
    queryKey: moderationKeys.audit,
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useAudit() {
  return useInfiniteQuery(auditQueryOptions());
}
