import { queryOptions, useQuery } from "@tanstack/react-query";
import { moderationKeys } from "../lib/moderation-keys.ts";
import { getCases } from "./get-cases.ts";

/** Open cases in all, for the menu's badge: one case's page carries the count. */
export function openCountQueryOptions() {
  return queryOptions({
    queryKey: moderationKeys.openCount,
    queryFn: async ({ signal }) => (await getCases({ state: "open" }, null, signal, 1)).openCount,
    staleTime: 60_000,
  });
}

/** Only asked for moderators and admins (`enabled`), once the screen has settled. */
export function useOpenCaseCount(enabled: boolean) {
  return useQuery({ ...openCountQueryOptions(), enabled });
}
