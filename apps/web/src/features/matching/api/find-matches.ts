import type { ConnectionCard, Envelope } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";

export async function findMatches(
  interest: string,
  signal?: AbortSignal,
): Promise<ConnectionCard[]> {
  const answer = await apiClient.get<Envelope<ConnectionCard[]>>("/matching", {
    query: { interest },
    signal,
  });
  return answer.data;
}

export const matchesQueryOptions = (interest: string) =>
  queryOptions({
    queryKey: ["matching", interest.trim().toLowerCase()],
    queryFn: ({ signal }) => findMatches(interest, signal),
  });

/** Runs once an interest has been submitted (enabled with a non-empty interest). */
export function useMatches(interest: string, enabled: boolean) {
  return useQuery({ ...matchesQueryOptions(interest), enabled: enabled && interest.trim() !== "" });
}
