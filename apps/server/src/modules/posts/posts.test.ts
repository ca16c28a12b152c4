import type { Post } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommunityPerson,
  communityKit,
  joinWithUsername,
} from "../../../test/community-helpers.ts";
import { appForFile, createTestApp } from "../../../test/helpers.ts";
import { communityPosts } from "../../db/schema.ts";

type Member = CommunityPerson;

const app = await appForFile({ communityCreatePerMember: { max: 1000, windowMs: 60_000 } });

const { call } = communityKit(app);

/** A member known by a username ("m-…"), on this file's app or another. */
function join(target = app): Promise<Member> {
  return joinWithUsername(target, "m");
}

describe("posts", () => {
  it("publishes a post with its author and lists it with the author's name, text kept as written", async () => {
    const member = await join();
    const content = "<script>alert('x')</script> & <b>bold</b>";
    const created = await call(member, "POST", "/fusionpublish", {
      userId: member.id,
      title: "  Hello there  ",
      content,
    });
    expect(created.statusCode).toBe(201);
    const post: Post = created.json().data;
    expect(post).toMatchObject({ title: "Hello there", content, userId: member.id });
    expect(post.authorName).toMatch(/^m-/);
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);

    const list = await call(member, "GET", "/getposts");
    expect(list.statusCode).toBe(200);
    const posts: Post[] = list.json();
    expect(posts[0]).toEqual(post);
  });

  it("works without userId in the body (the author is always the token's member)", async () => {
    const member = await join();
    const created = await call(member, "POST", "/fusionpublish", { title: "t", content: "c" });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.userId).toBe(member.id);
  });

  it("refuses a missing, blank or too long title or content (400 naming the field)", async () => {
    const member = await join();
    const cases: [Record<string, unknown>, string][] = [
      [{ content: "c" }, "title"],
      [{ title: "   ", content: "c" }, "title"],
      [{ title: "x".repeat(121), content: "c" }, "title"],
      [{ title: "t" }, "content"],
      [{ title: "t", content: "" }, "content"],
      [{ title: "t", content: "x".repeat(5001) }, "content"],
      [{ title: 5, content: "c" }, "title"],
    ];
    for (const [payload, field] of cases) {
      const response = await call(member, "POST", "/fusionpublish", payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().errors[0].path).toBe(field);
    }
    const longest = await call(member, "POST", "/fusionpublish", {
      title: "x".repeat(120),
      content: "y".repeat(5000),
    });
    expect(longest.statusCode).toBe(201);
  });
});

describe("paging and ordering", () => {
  let fresh: FastifyInstance;
  let member: Member;
  beforeAll(async () => {
    fresh = await createTestApp();
    member = await join(fresh);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("lists posts newest first, pages by cursor through X-Next-Cursor, and keeps ties in a total order", async () => {
    const base = Date.UTC(2030, 0, 1);
    // Seven posts, two of them at the same millisecond.
    const times = [0, 1000, 2000, 2000, 3000, 4000, 5000];
    await fresh.db.insert(communityPosts).values(
      times.map((offset, index) => ({
        authorId: member.id,
        title: `post ${index}`,
        content: "c",
        createdAt: new Date(base + offset),
      })),
    );
    const all: Post[] = (await call(member, "GET", "/getposts?limit=50", undefined, fresh)).json();
    expect(all).toHaveLength(7);
    for (let index = 1; index < all.length; index++) {
      const previous = all[index - 1] as Post;
      const current = all[index] as Post;
      expect(
        previous.createdAt > current.createdAt ||
          (previous.createdAt === current.createdAt && previous.id > current.id),
      ).toBe(true);
    }

    const seen: Post[] = [];
    let url = "/getposts?limit=3";
    const sizes: number[] = [];
    for (;;) {
      const page = await call(member, "GET", url, undefined, fresh);
      expect(page.statusCode).toBe(200);
      const items: Post[] = page.json();
      sizes.push(items.length);
      seen.push(...items);
      const next = page.headers["x-next-cursor"];
      if (!next) break;
      url = `/getposts?limit=3&cursor=${encodeURIComponent(String(next))}`;
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(all);
  });

  it("refuses a limit over 50 or under 1 and a cursor it did not make (400)", async () => {
    for (const query of ["limit=51", "limit=0", "limit=abc", "cursor=not-a-cursor", "cursor=%25"]) {
      const response = await call(member, "GET", `/getposts?${query}`, undefined, fresh);
      expect(response.statusCode, query).toBe(400);
    }
    const forged = Buffer.from("2030-01-01T00:00:00.000Z|not-a-uuid").toString("base64url");
    expect((await call(member, "GET", `/all?cursor=${forged}`, undefined, fresh)).statusCode).toBe(
      400,
    );
    expect((await call(member, "GET", "/allevents?limit=50", undefined, fresh)).statusCode).toBe(
      200,
    );
  });
});

describe("deleting", () => {
  it("lets authors delete their own post, and answers 404 to anyone else", async () => {
    const author = await join();
    const stranger = await join();
    const post = (await call(author, "POST", "/fusionpublish", { title: "t", content: "c" })).json()
      .data.id;
    const denied = await call(stranger, "DELETE", `/post/${post}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().code).toBe("NOT_FOUND");
    const done = await call(author, "DELETE", `/post/${post}`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 1, data: { _id: post } });
    expect((await call(author, "DELETE", `/post/${post}`)).statusCode).toBe(404);
    expect((await call(author, "DELETE", "/post/not-a-uuid")).statusCode).toBe(404);
    const posts: Post[] = (await call(author, "GET", "/getposts?limit=50")).json();
    expect(posts.some((item) => item.id === post)).toBe(false);
  });
});

describe("creation limits per member", () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await createTestApp({ communityCreatePerMember: { max: 2, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("answers 429 with Retry-After and a clear message past the limit, per member and per kind", async () => {
    const busy = await join(limited);
    const calm = await join(limited);
    const post = { title: "t", content: "c" };
    for (let index = 0; index < 2; index++) {
      expect((await call(busy, "POST", "/fusionpublish", post, limited)).statusCode).toBe(201);
    }
    const third = await call(busy, "POST", "/fusionpublish", post, limited);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(third.json().message).toMatch(
      /^You can create at most 2 posts a minute\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);

    expect((await call(calm, "POST", "/fusionpublish", post, limited)).statusCode).toBe(201);
    const group = { name: "n", description: "d", tag: "Math" };
    expect((await call(busy, "POST", "/create", group, limited)).statusCode).toBe(201);
    // An invalid body is refused before it counts.
    for (let index = 0; index < 3; index++) {
      expect((await call(busy, "POST", "/create", { name: "" }, limited)).statusCode).toBe(400);
    }
    expect((await call(busy, "POST", "/create", group, limited)).statusCode).toBe(201);
    expect((await call(busy, "POST", "/create", group, limited)).statusCode).toBe(429);
  });
});
