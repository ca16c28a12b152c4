import { POST_REPLIES_PAGE_SIZE, type PostReply } from "@kindred/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/mock-fetch.ts";
import { useReplies } from "./post-interactions.ts";

const POST = "p-1";
const TOKEN = "member-token";

function reply(id: string, content: string): PostReply {
  return {
    _id: id,
    postId: POST,
    content,
    userId: "u-ada",
    authorName: "Ada",
    createdAt: "2026-11-24T09:00:00.000Z",
  };
}

describe("a post's replies", () => {
  it("asks for the next page with the answer's nextCursor, and stops when it is null", async () => {
    const first = reply("r-1", "First");
    const second = reply("r-2", "Second");
    const calls = mockFetch((call) => {
      if (!call.path.startsWith(`/community/post/${POST}/replies`)) return undefined;
      return call.path.includes("cursor=c-2")
        ? { body: { status: 1, message: "Replies", data: [second], nextCursor: null } }
        : { body: { status: 1, message: "Replies", data: [first], nextCursor: "c-2" } };
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useReplies(TOKEN, POST, true), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() =>
      expect(result.current.data?.pages.flatMap((page) => page.replies)).toEqual([first, second]),
    );
    expect(result.current.hasNextPage).toBe(false);
    expect(calls.map((call) => call.path)).toEqual([
      `/community/post/${POST}/replies?limit=${POST_REPLIES_PAGE_SIZE}`,
      `/community/post/${POST}/replies?cursor=c-2&limit=${POST_REPLIES_PAGE_SIZE}`,
    ]);
  });
});
