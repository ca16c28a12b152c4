import type { GroupDetail, GroupMember } from "@kindred/shared";
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
        return { body: { status: 1, message: "ok", data: [ada] } };
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
    releaseFirstRead({ body: { status: 1, message: "ok", data: [ada, bo] } });

    await waitFor(() =>
      expect(result.current.members.data?.pages.flatMap((page) => page.members)).toEqual([ada]),
    );
  });
});
