import { GROUP_MEMBERS_PAGE_SIZE, type GroupDetail, type GroupMember } from "@kindred/shared";
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, type Reply } from "@/test/mock-fetch.ts";
import { createTestQueryClient, wrapperFor } from "@/test/query-client.tsx";
import { communityKeys } from "./community-request.ts";
import { useGroupMembers, useGroupMembership } from "./group.ts";

const GROUP = "g-1";
const TOKEN = "member-token";

function member(id: string, name: string): GroupMember {
  return { id, name, joinedAt: "2026-11-24T09:00:00.000Z" } as unknown as GroupMember;
}

describe("a group's members", () => {
  it("asks for the next page with the answer's nextCursor, and stops when it is null", async () => {
    const ada = member("u-ada", "Ada");
    const bo = member("u-bo", "Bo");
    const calls = mockFetch((call) => {
      if (!call.path.startsWith(`/community/group/${GROUP}/members`)) return undefined;
      return call.path.includes("cursor=c-2")
        ? { body: { status: 1, message: "ok", data: [bo], nextCursor: null } }
        : { body: { status: 1, message: "ok", data: [ada], nextCursor: "c-2" } };
    });
    const queryClient = createTestQueryClient();
    const { result } = renderHook(() => useGroupMembers(TOKEN, GROUP), {
      wrapper: wrapperFor(queryClient),
    });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() =>
      expect(result.current.data?.pages.flatMap((page) => page.members)).toEqual([ada, bo]),
    );
    expect(result.current.hasNextPage).toBe(false);
    expect(calls.map((call) => call.path)).toEqual([
      `/community/group/${GROUP}/members?limit=${GROUP_MEMBERS_PAGE_SIZE}`,
      `/community/group/${GROUP}/members?cursor=c-2&limit=${GROUP_MEMBERS_PAGE_SIZE}`,
    ]);
  });
});

describe("leaving a group", () => {
  it("reads the members again after the change, even when a first read was still on its way", async () => {
    let releaseFirstRead: (reply: Reply) => void = () => {};
    let reads = 0;
    const ada = member("u-ada", "Ada");
    const bo = member("u-bo", "Bo");
    mockFetch((call) => {
      if (call.method === "GET" && call.path.startsWith(`/community/group/${GROUP}/members`)) {
        reads += 1;
        // The first read left before Bo left, and answers after: with Bo still in it.
        if (reads === 1) return new Promise<Reply>((resolve) => (releaseFirstRead = resolve));
        return { body: { status: 1, message: "ok", data: [ada], nextCursor: null } };
      }
      if (call.method === "DELETE" && call.path === `/community/group/${GROUP}/join`) {
        return { body: { status: 1, message: "ok", data: { isMember: false, members: 1 } } };
      }
      return undefined;
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(communityKeys.group(TOKEN, GROUP), {
      _id: GROUP,
      isMember: true,
      members: 2,
    } as unknown as GroupDetail);
    const { result } = renderHook(
      () => ({
        members: useGroupMembers(TOKEN, GROUP),
        membership: useGroupMembership(TOKEN, GROUP, () => {}),
      }),
      { wrapper: wrapperFor(queryClient) },
    );
    await waitFor(() => expect(reads).toBe(1));

    act(() => result.current.membership.mutate({ join: false, name: "Graph theory" }));
    await waitFor(() => expect(reads).toBe(2));
    releaseFirstRead({ body: { status: 1, message: "ok", data: [ada, bo], nextCursor: null } });

    await waitFor(() =>
      expect(result.current.members.data?.pages.flatMap((page) => page.members)).toEqual([ada]),
    );
  });
});
