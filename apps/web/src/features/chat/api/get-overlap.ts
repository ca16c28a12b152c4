import type { Envelope, Overlap } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { chatKeys } from "../lib/chat-keys.ts";

/** The hours both of us are free in the next 14 days, as ranges (ISO start and end). */
export async function getOverlap(userId: string, signal?: AbortSignal): Promise<Overlap> {
  const body = await apiClient.get<Envelope<Overlap>>(
    `/chat/${encodeURIComponent(userId)}/overlap`,
    { signal },
  );
  return body.data;
}

export function overlapQueryOptions(userId: string) {
  return queryOptions({
    queryKey: chatKeys.overlap(userId),
    queryFn: ({ signal }) => getOverlap(userId, signal),
    // Asked again each time the dialog opens: either person may have changed their week.
    staleTime: 0,
  });
}

export function useOverlap(userId: string) {
  return useQuery(overlapQueryOptions(userId));
}
