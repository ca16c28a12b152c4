import type { Post } from "@kindred/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { firstLoad, mockFetch, renderApp } from "@/test/render.tsx";
import { storeMemberToken } from "../lib/event-test-kit.ts";

const post: Post = {
  id: "p-1",
  title: "Graph algorithms, anyone?",
  content: "Looking for people to practise with.",
  userId: "m-2",
  authorName: "Grace",
  createdAt: new Date().toISOString(),
  groupId: null,
  likes: 0,
  liked: false,
  replies: 0,
};

describe("The community board", () => {
  it("lists the posts under a Posts heading, one level below the page's title", async () => {
    storeMemberToken();
    mockFetch((call) =>
      call.path.startsWith("/community/getposts?") ? { body: [post] } : undefined,
    );
    renderApp("/community");
    // The board's first load brings the community's code and forms: longer than most screens.
    const posts = await screen.findByRole("region", { name: "Posts" }, firstLoad);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Welcome to the Kindred Community",
    );
    expect(within(posts).getByRole("heading", { level: 2, name: "Posts" })).toBeInTheDocument();
    expect(
      await within(posts).findByRole("heading", { level: 3, name: "Graph algorithms, anyone?" }),
    ).toBeVisible();
  });
});
