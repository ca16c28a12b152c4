import type { Group } from "@kindred/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys, nextCursorReader } from "./community-request.ts";

export type GroupsPage = { groups: Group[]; nextCursor: string | null };

const PAGE_SIZE = 24;

export async function getGroups(
  token: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<GroupsPage> {
  const reader = nextCursorReader();
  const groups = await apiClient.get<Group[]>(`${COMMUNITY_PATH}/all`, {
    query: { cursor, limit: PAGE_SIZE },
    headers: bearer(token),
    onHeaders: reader.onHeaders,
    signal,
  });
  return { groups, nextCursor: reader.next() };
}

/** Study groups, newest first, a page at a time. */
export function useGroups(token: string) {
  return useInfiniteQuery({
    queryKey: communityKeys.groups(token),
    queryFn: ({ pageParam, signal }) => getGroups(token, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
}
