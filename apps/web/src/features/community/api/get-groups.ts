import { COMMUNITY_GROUPS_PAGE_SIZE, type Group } from "@kindred/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { communityKeys, cursorPaging, getListPage } from "./community-request.ts";

export type GroupsPage = { groups: Group[]; nextCursor: string | null };

export async function getGroups(
  token: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<GroupsPage> {
  const page = { cursor, limit: COMMUNITY_GROUPS_PAGE_SIZE };
  const { items, nextCursor } = await getListPage<Group>("/all", token, page, signal);
  return { groups: items, nextCursor };
}

/** Study groups, newest first, a page at a time. */
export function useGroups(token: string) {
  return useInfiniteQuery({
    queryKey: communityKeys.groups(token),
    queryFn: ({ pageParam, signal }) => getGroups(token, pageParam, signal),
    ...cursorPaging,
  });
}
