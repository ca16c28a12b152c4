import { GROUP_MESSAGES, type Post, type PostLikeState, type PostReply } from "@kindred/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type CommunityPerson,
  communityKit,
  joinAsAccount,
} from "../../../test/community-helpers.ts";
import { appsForFile, MANUAL_JOBS } from "../../../test/helpers.ts";
import { communityPostReplies } from "../../db/schema.ts";

type Person = CommunityPerson;

const open = appsForFile();
// Replies queue notification jobs; the worker looks only once an hour, so none runs under a test.
const app = await open({
  jobs: MANUAL_JOBS,
  communityCreatePerMember: { max: 1000, windowMs: 60_000 },
});

const { account, usernameMember, call, block, notificationsOf } = communityKit(app);

async function publish(person: Person, extra: Record<string, unknown> = {}): Promise<Post> {
  const response = await call(person, "POST", "/fusionpublish", {
    title: "Stuck on recursion",
    content: "Any tips?",
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function reply(person: Person, postId: string, content: string): Promise<PostReply> {
  const response = await call(person, "POST", `/post/${postId}/replies`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function repliesSeenBy(person: Person, postId: string): Promise<PostReply[]> {
  const response = await call(person, "GET", `/post/${postId}/replies?limit=50`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function postSeenBy(person: Person, postId: string): Promise<Post> {
  const response = await call(person, "GET", `/post/${postId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function like(person: Person, postId: string, method: "PUT" | "DELETE" = "PUT") {
  const response = await call(person, method, `/post/${postId}/like`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PostLikeState;
}

const unknownId = "00000000-0000-4000-8000-000000000000";

describe("replies", () => {
  it("replies to a post, oldest first, with the author's name and the post's count", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const solo = await usernameMember();
    const post = await publish(ana);
    const first = await reply(ben, post.id, "  Draw the call tree  ");
    expect(first).toMatchObject({
      postId: post.id,
      content: "Draw the call tree",
      userId: ben.id,
      authorName: "Ben Tester",
    });
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    const second = await reply(solo, post.id, "<b>base case first</b>");
    expect(second.authorName).toMatch(/^solo-/);
    expect(await repliesSeenBy(ana, post.id)).toEqual([first, second]);
    expect(await postSeenBy(ana, post.id)).toMatchObject({ replies: 2, likes: 0, liked: false });
    const board: Post[] = (await call(ana, "GET", "/getposts?limit=50")).json();
    expect(board.find((item) => item.id === post.id)).toMatchObject({ replies: 2 });
  });

  it("pages replies oldest first through nextCursor, also in X-Next-Cursor", async () => {
    const ana = await account("Ana");
    const post = await publish(ana);
    const written: string[] = [];
    for (let index = 0; index < 5; index++)
      written.push((await reply(ana, post.id, `r${index}`))._id);
    const seen: string[] = [];
    const sizes: number[] = [];
    let url = `/post/${post.id}/replies?limit=2`;
    for (;;) {
      const page = await call(ana, "GET", url);
      expect(page.statusCode).toBe(200);
      const { data: items, nextCursor } = page.json() as {
        data: PostReply[];
        nextCursor: string | null;
      };
      sizes.push(items.length);
      seen.push(...items.map((item) => item._id));
      expect(page.headers["x-next-cursor"] ?? null).toBe(nextCursor);
      if (!nextCursor) break;
      url = `/post/${post.id}/replies?limit=2&cursor=${encodeURIComponent(nextCursor)}`;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(written);
    for (const query of ["limit=0", "limit=51", "cursor=nonsense"]) {
      expect((await call(ana, "GET", `/post/${post.id}/replies?${query}`)).statusCode).toBe(400);
    }
  });

  it("refuses bad replies: empty, too long, NUL, wrong type, as someone else, to no post", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const post = await publish(ana);
    const cases: unknown[] = [
      {},
      { content: "" },
      { content: "   " },
      { content: "x".repeat(5001) },
      { content: "a\u0000b" },
      { content: 7 },
      { content: ["x"] },
      [],
    ];
    for (const payload of cases) {
      const response = await call(ben, "POST", `/post/${post.id}/replies`, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
    const asAna = await call(ben, "POST", `/post/${post.id}/replies`, {
      userId: ana.id,
      content: "Signed, Ana",
    });
    expect(asAna.statusCode).toBe(403);
    for (const id of [unknownId, "not-a-uuid"]) {
      const response = await call(ben, "POST", `/post/${id}/replies`, { content: "hello" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: GROUP_MESSAGES.postNotFound });
      expect((await call(ben, "GET", `/post/${id}/replies`)).statusCode).toBe(404);
      expect((await call(ben, "GET", `/post/${id}`)).statusCode).toBe(404);
    }
    expect(
      (await call(ben, "POST", `/post/${post.id}/replies`, { content: "x".repeat(5000) }))
        .statusCode,
    ).toBe(201);
    expect(await repliesSeenBy(ana, post.id)).toHaveLength(1);
  });

  it("deletes one's own reply only", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const post = await publish(ana);
    const bens = await reply(ben, post.id, "mine");
    for (const id of [bens._id, unknownId, "nope"]) {
      const response = await call(ana, "DELETE", `/reply/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: GROUP_MESSAGES.replyNotFound });
    }
    const deleted = await call(ben, "DELETE", `/reply/${bens._id.toUpperCase()}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ _id: bens._id });
    expect(await repliesSeenBy(ana, post.id)).toEqual([]);
    expect((await call(ben, "DELETE", `/reply/${bens._id}`)).statusCode).toBe(404);
  });

  it("removes a post's replies with the post", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const post = await publish(ana);
    await reply(ben, post.id, "one");
    await reply(ana, post.id, "two");
    await like(ben, post.id);
    expect((await call(ana, "DELETE", `/post/${post.id}`)).statusCode).toBe(200);
    expect((await call(ben, "GET", `/post/${post.id}/replies`)).statusCode).toBe(404);
    const left = await app.db
      .select()
      .from(communityPostReplies)
      .where(eq(communityPostReplies.postId, post.id));
    expect(left).toEqual([]);
    expect((await call(ben, "PUT", `/post/${post.id}/like`)).statusCode).toBe(404);
  });

  it("lets only a group's members reply to its posts", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const group = (
      await call(ana, "POST", "/create", { name: "Proofs", description: "d", tag: "Math" })
    ).json().data;
    const post = await publish(ana, { groupId: group._id });
    const outsider = await call(ben, "POST", `/post/${post.id}/replies`, { content: "hi" });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ code: "NOT_A_MEMBER" });
    // Reading and liking need no membership.
    expect(await repliesSeenBy(ben, post.id)).toEqual([]);
    expect(await like(ben, post.id)).toEqual({ likes: 1, liked: true });
    await call(ben, "POST", `/group/${group._id}/join`);
    await reply(ben, post.id, "hi");
    expect(await postSeenBy(ben, post.id)).toMatchObject({ replies: 1, groupId: group._id });
  });

  it("limits how many replies a member writes per window (429)", async () => {
    const strict = await open({
      jobs: MANUAL_JOBS,
      communityCreatePerMember: { max: 2, windowMs: 60_000 },
    });
    const ana = await joinAsAccount(strict, "Ana");
    const created = await call(ana, "POST", "/fusionpublish", { title: "t", content: "c" }, strict);
    // The post took one of the two creations of its own kind; replies are counted apart.
    const postId = created.json().data.id;
    const answers = [];
    for (let index = 0; index < 3; index++) {
      answers.push(
        (await call(ana, "POST", `/post/${postId}/replies`, { content: `r${index}` }, strict))
          .statusCode,
      );
    }
    expect(answers).toEqual([201, 201, 429]);
  });
});

describe("likes", () => {
  it("likes and unlikes, idempotently, and shows the count and one's own like", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const post = await publish(ana);
    expect(await like(ben, post.id)).toEqual({ likes: 1, liked: true });
    expect(await like(ben, post.id)).toEqual({ likes: 1, liked: true });
    expect(await like(ana, post.id)).toEqual({ likes: 2, liked: true });
    expect(await postSeenBy(ben, post.id)).toMatchObject({ likes: 2, liked: true });
    expect(await like(ben, post.id, "DELETE")).toEqual({ likes: 1, liked: false });
    expect(await like(ben, post.id, "DELETE")).toEqual({ likes: 1, liked: false });
    expect(await postSeenBy(ben, post.id)).toMatchObject({ likes: 1, liked: false });
    const board: Post[] = (await call(ana, "GET", "/getposts?limit=50")).json();
    expect(board.find((item) => item.id === post.id)).toMatchObject({ likes: 1, liked: true });
    for (const id of [unknownId, "zzz"]) {
      for (const method of ["PUT", "DELETE"] as const) {
        expect((await call(ben, method, `/post/${id}/like`)).statusCode).toBe(404);
      }
    }
  });

  it("counts exactly when ten like at once, twice each, and when they all unlike at once", async () => {
    const ana = await account("Ana");
    const post = await publish(ana);
    const people = await Promise.all(Array.from({ length: 10 }, () => usernameMember()));
    const likes = await Promise.all(
      people.flatMap((person) => [
        call(person, "PUT", `/post/${post.id}/like`),
        call(person, "PUT", `/post/${post.id}/like`),
      ]),
    );
    expect(likes.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await postSeenBy(ana, post.id)).toMatchObject({ likes: 10, liked: false });
    const unlikes = await Promise.all(
      people.map((person) => call(person, "DELETE", `/post/${post.id}/like`)),
    );
    expect(unlikes.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await postSeenBy(ana, post.id)).toMatchObject({ likes: 0 });
  });
});

describe("replies and notifications", () => {
  it("tells the post's author of a reply, linking to the post", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const post = await publish(ana);
    await reply(ben, post.id, "Try a smaller case");
    const [told, ...rest] = await notificationsOf(ana);
    expect(rest).toEqual([]);
    expect(told).toMatchObject({
      kind: "post_reply",
      subject: { type: "post", _id: post.id },
      url: `/community#post-${post.id}`,
      text: "Ben replied to your post",
      actorCount: 1,
    });
    expect(told?.actors.map((actor) => actor._id)).toEqual([ben.id]);
    // The replier is told nothing.
    expect(await notificationsOf(ben)).toEqual([]);
  });

  it("groups the replies to one post into one notification, and keeps each post's apart", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const cy = await account("Cy");
    const first = await publish(ana);
    const second = await publish(ana);
    await reply(ben, first.id, "One");
    await reply(cy, first.id, "Two");
    await reply(ben, second.id, "Three");
    const told = await notificationsOf(ana);
    expect(told.map((item) => [item.subject._id, item.text])).toEqual([
      [second.id, "Ben replied to your post"],
      [first.id, "Cy and Ben replied to your post"],
    ]);
  });

  it("links a group post's reply to the group's page", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const group = (
      await call(ana, "POST", "/create", { name: "Proofs", description: "d", tag: "Math" })
    ).json().data;
    await call(ben, "POST", `/group/${group._id}/join`);
    const post = await publish(ana, { groupId: group._id });
    await reply(ben, post.id, "Induction?");
    const [told] = await notificationsOf(ana);
    expect(told?.url).toBe(`/services/groups/${group._id}#post-${post.id}`);
  });

  it("says nothing for one's own reply, or a reply from or to a community-only member", async () => {
    const ana = await account("Ana");
    const solo = await usernameMember();
    const anas = await publish(ana);
    await reply(ana, anas.id, "Answering myself");
    await reply(solo, anas.id, "I have no account");
    expect(await notificationsOf(ana)).toEqual([]);
    const solos = await publish(solo);
    await reply(ana, solos.id, "Solo is told nothing: no account to tell");
    expect(await repliesSeenBy(solo, solos.id)).toHaveLength(1);
  });
});

describe("replies, likes and blocks", () => {
  it("hides a blocked pair's replies and likes from each other and refuses replying or liking across the block", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const cho = await account("Cho");
    const chos = await publish(cho);
    const anas = await publish(ana);
    await reply(ana, chos.id, "from Ana");
    await reply(ben, chos.id, "from Ben");
    await like(ana, chos.id);
    await like(ben, chos.id);

    await block(ben, ana, "POST");

    expect((await repliesSeenBy(ana, chos.id)).map((item) => item.content)).toEqual(["from Ana"]);
    expect((await repliesSeenBy(ben, chos.id)).map((item) => item.content)).toEqual(["from Ben"]);
    expect(await postSeenBy(ana, chos.id)).toMatchObject({ replies: 1, likes: 1, liked: true });
    expect(await postSeenBy(cho, chos.id)).toMatchObject({ replies: 2, likes: 2 });
    expect(await like(ana, chos.id, "DELETE")).toEqual({ likes: 0, liked: false });

    // Ana's post is out of Ben's reach, both ways.
    for (const [method, url, payload] of [
      ["GET", `/post/${anas.id}`, undefined],
      ["GET", `/post/${anas.id}/replies`, undefined],
      ["POST", `/post/${anas.id}/replies`, { content: "hi" }],
      ["PUT", `/post/${anas.id}/like`, undefined],
      ["DELETE", `/post/${anas.id}/like`, undefined],
    ] as const) {
      expect((await call(ben, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await notificationsOf(ana)).toEqual([]);

    await block(ben, ana, "DELETE");
    expect(await postSeenBy(ben, chos.id)).toMatchObject({ replies: 2, likes: 1 });
    await reply(ben, anas.id, "hello again");
    expect((await notificationsOf(ana)).map((item) => item.kind)).toEqual(["post_reply"]);
  });
});

describe("the account's data export", () => {
  it("holds the member's group memberships, replies and likes", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const bens = (
      await call(ben, "POST", "/create", { name: "Ben's group", description: "d", tag: "DSA" })
    ).json().data;
    const anas = (
      await call(ana, "POST", "/create", { name: "Ana's group", description: "d", tag: "Math" })
    ).json().data;
    await call(ana, "POST", `/group/${bens._id}/join`);
    const post = await publish(ben);
    const written = await reply(ana, post.id, "My reply");
    await like(ana, post.id);
    await reply(ben, post.id, "Not Ana's");

    const response = await app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: ana.headers ?? {},
    });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.groupMemberships).toEqual([
      { groupId: anas._id, groupName: "Ana's group", joinedAt: anas.createdAt },
      { groupId: bens._id, groupName: "Ben's group", joinedAt: expect.any(String) },
    ]);
    expect(data.postReplies).toEqual([
      { _id: written._id, postId: post.id, content: "My reply", createdAt: written.createdAt },
    ]);
    expect(data.postLikes).toEqual([{ postId: post.id, createdAt: expect.any(String) }]);
  });
});
