import { randomBytes } from "node:crypto";
import type { CommunityEvent, Group, Post } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousHeaders, appForFile, createTestApp } from "../../../test/helpers.ts";
import { communityEvents, communityPosts, studyGroups } from "../../db/schema.ts";

type Member = { id: string; token: string; authorization: string };

const app = await appForFile({ communityCreatePerMember: { max: 1000, windowMs: 60_000 } });

async function join(target = app): Promise<Member> {
  const response = await target.inject({
    method: "POST",
    url: "/api/community/fusionauth",
    headers: await anonymousHeaders(target),
    payload: { uname: `m-${randomBytes(5).toString("hex")}`, password: "a fine password" },
  });
  expect(response.statusCode).toBe(200);
  const { token, data } = response.json();
  return { id: data.id, token, authorization: `Bearer ${token}` };
}

function call(
  member: Member,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
  target = app,
) {
  return target.inject({
    method,
    url: `/api/community${url}`,
    headers: { authorization: member.authorization },
    ...(payload ? { payload } : {}),
  });
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

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

  it("lists groups newest first with the same paging", async () => {
    const base = Date.UTC(2030, 0, 1);
    await fresh.db.insert(studyGroups).values(
      [0, 1, 2, 3].map((index) => ({
        authorId: member.id,
        name: `group ${index}`,
        description: "d",
        tag: "DSA",
        createdAt: new Date(base + index * 1000),
      })),
    );
    const first = await call(member, "GET", "/all?limit=3", undefined, fresh);
    const names = (first.json() as Group[]).map((group) => group.name);
    expect(names).toEqual(["group 3", "group 2", "group 1"]);
    const next = String(first.headers["x-next-cursor"]);
    const second = await call(member, "GET", `/all?limit=3&cursor=${next}`, undefined, fresh);
    expect((second.json() as Group[]).map((group) => group.name)).toEqual(["group 0"]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
  });

  it("lists upcoming events soonest first, leaves past ones out, and pages through nextCursor", async () => {
    const now = Date.now();
    await fresh.db.insert(communityEvents).values(
      [-2, -1, 5, 1, 3, 2].map((days) => ({
        authorId: member.id,
        title: `in ${days} days`,
        description: "d",
        location: "l",
        startsAt: new Date(now + days * 86_400_000),
      })),
    );
    const first = await call(member, "GET", "/allevents?limit=2", undefined, fresh);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(["events", "nextCursor"]);
    expect(body.events.map((event: CommunityEvent) => event.title)).toEqual([
      "in 1 days",
      "in 2 days",
    ]);
    const titles: string[] = [];
    let cursor: string | null = body.nextCursor;
    while (cursor) {
      const page = (
        await call(member, "GET", `/allevents?limit=2&cursor=${cursor}`, undefined, fresh)
      ).json();
      titles.push(...page.events.map((event: CommunityEvent) => event.title));
      cursor = page.nextCursor;
    }
    expect(titles).toEqual(["in 3 days", "in 5 days"]);
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

describe("study groups", () => {
  it("creates a group with one of the four topics", async () => {
    const member = await join();
    for (const tag of ["Math", "Programming", "DSA", "Machine Learning"]) {
      const response = await call(member, "POST", "/create", {
        u_id: member.id,
        name: `${tag} circle`,
        description: "We meet weekly",
        tag,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        name: `${tag} circle`,
        description: "We meet weekly",
        tag,
        u_id: member.id,
      });
    }
    const list: Group[] = (await call(member, "GET", "/all")).json();
    expect(list[0]?.tag).toBe("Machine Learning");
  });

  it("refuses another topic and a missing or too long name or description", async () => {
    const member = await join();
    const valid = { name: "n", description: "d", tag: "Math" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, tag: "Biology" }, "tag"],
      [{ ...valid, tag: "math" }, "tag"],
      [{ name: "n", description: "d" }, "tag"],
      [{ ...valid, name: "" }, "name"],
      [{ ...valid, name: "x".repeat(81) }, "name"],
      [{ ...valid, description: " " }, "description"],
      [{ ...valid, description: "x".repeat(501) }, "description"],
    ];
    for (const [payload, field] of cases) {
      const response = await call(member, "POST", "/create", payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().errors[0].path).toBe(field);
    }
  });
});

describe("events", () => {
  it("creates an event from an ISO 8601 date-time with Z or an offset", async () => {
    const member = await join();
    const date = "2099-05-17T18:00:00+02:00";
    const response = await call(member, "POST", "/createevent", {
      u_id: member.id,
      title: "Hack night",
      description: "Bring a laptop",
      date,
      location: "Library, room 2",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      title: "Hack night",
      description: "Bring a laptop",
      location: "Library, room 2",
      date: "2099-05-17T16:00:00.000Z",
      u_id: member.id,
    });
    const utc = await call(member, "POST", "/createevent", {
      title: "t",
      description: "d",
      date: "2099-06-01T09:30:00.250Z",
      location: "l",
    });
    expect(utc.statusCode).toBe(201);
    expect(utc.json().data.date).toBe("2099-06-01T09:30:00.250Z");
  });

  it("refuses an invalid date and missing or too long fields", async () => {
    const member = await join();
    const valid = { title: "t", description: "d", date: future(3), location: "l" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, date: "tomorrow" }, "date"],
      [{ ...valid, date: "2099-13-01" }, "date"],
      [{ ...valid, date: "2099-02-30T10:00:00Z" }, "date"],
      [{ ...valid, date: "2099-05-17T18:00:00" }, "date"],
      [{ ...valid, date: "2099-05-17" }, "date"],
      [{ ...valid, date: 1234567890 }, "date"],
      [{ ...valid, title: "" }, "title"],
      [{ ...valid, title: "x".repeat(121) }, "title"],
      [{ ...valid, description: "x".repeat(2001) }, "description"],
      [{ ...valid, location: "" }, "location"],
      [{ ...valid, location: "x".repeat(201) }, "location"],
    ];
    for (const [payload, field] of cases) {
      const response = await call(member, "POST", "/createevent", payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().errors[0].path).toBe(field);
    }
  });
});

describe("deleting", () => {
  it("lets authors delete their own post, group and event, and answers 404 to anyone else", async () => {
    const author = await join();
    const stranger = await join();
    const post = (await call(author, "POST", "/fusionpublish", { title: "t", content: "c" })).json()
      .data.id;
    const group = (
      await call(author, "POST", "/create", { name: "n", description: "d", tag: "Math" })
    ).json().data._id;
    const event = (
      await call(author, "POST", "/createevent", {
        title: "t",
        description: "d",
        date: future(2),
        location: "l",
      })
    ).json().data._id;

    for (const [kind, id] of [
      ["post", post],
      ["group", group],
      ["event", event],
    ] as const) {
      const denied = await call(stranger, "DELETE", `/${kind}/${id}`);
      expect(denied.statusCode, kind).toBe(404);
      expect(denied.json().code).toBe("NOT_FOUND");
      const done = await call(author, "DELETE", `/${kind}/${id}`);
      expect(done.statusCode, kind).toBe(200);
      expect(done.json()).toMatchObject({ status: 1, data: { _id: id } });
      expect((await call(author, "DELETE", `/${kind}/${id}`)).statusCode).toBe(404);
      expect((await call(author, "DELETE", `/${kind}/not-a-uuid`)).statusCode).toBe(404);
    }
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
