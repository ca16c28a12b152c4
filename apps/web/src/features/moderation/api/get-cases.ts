import type { CASE_STATES, casePageSchema, ModerationCase, REPORT_REASONS } from "@kindred/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/api-client.ts";
import { moderationKeys } from "../lib/moderation-keys.ts";

export type CaseReasonFilter = (typeof REPORT_REASONS)[number] | "filter" | "age_change";
export type CaseFilter = { state: (typeof CASE_STATES)[number]; reason?: CaseReasonFilter };
export type CasePage = { cases: ModerationCase[]; nextCursor: string | null; openCount: number };

export const CASES_PAGE_SIZE = 20;

/** One page of cases, in the server's order (priority first for open ones). */
export async function getCases(
  filter: CaseFilter,
  cursor: string | null,
  signal?: AbortSignal,
  limit = CASES_PAGE_SIZE,
): Promise<CasePage> {
  const body = await apiClient.get<z.infer<typeof casePageSchema>>("/moderation/cases", {
    query: { state: filter.state, reason: filter.reason, cursor: cursor ?? undefined, limit },
    signal,
  });
  return { cases: body.data, nextCursor: body.nextCursor, openCount: body.openCount };
}

export function casesQueryOptions(filter: CaseFilter) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.cases(filter),
    queryFn: ({ pageParam, signal }) => getCases(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useCases(filter: CaseFilter) {
  return useInfiniteQuery(casesQueryOptions(filter));
}
