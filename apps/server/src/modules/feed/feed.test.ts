import { type FeedCard, feedAnswerSchema, type SignupBody } from "@kindred/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  cookieFrom,
  createTestApp,
  openTestDatabase,
  reviewRequest,
  type Session,
  sendRequest,
  signUpUser,
  testConfig,
} from "../../../test/helpers.ts";
import { buildApp } from "../../app.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";
import { canonicalSkill } from "../skills/vocabulary.ts";
import { encodeFeedCursor, skillsKeyOf } from "./cursor.ts";
import { pruneChanges } from "./page-repository.ts";

let app: FastifyInstance;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(async () => {
  await app.close();
});

/** Signs someone up and pins their profile's creation time, so "newest" is explicit. */
async function person(
  firstName: string,
  skills: string[],
  createdAt: string,
  extra: Partial<SignupBody> = {},
): Promise<Session> {
  const session = await signUpUser(app, { firstName, skills, ...extra });
  await app.db
    .update(users)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(users.id, session.me._id));
  return session;
}

async function feed(viewer: Session, query = "") {
  return app.inject({ method: "GET", url: `/api/feed${query}`, headers: viewer.headers });
}

/**
 * The answer's body is exactly what its schema makes of it: the route writes it without another
 * pass through the schema, so a field out of place or out of order would show here.
 */
function expectSchemaBody(body: string): void {
  expect(body).toBe(JSON.stringify(feedAnswerSchema.parse(JSON.parse(body))));
}

async function feedCards(viewer: Session, query = ""): Promise<FeedCard[]> {
  const response = await feed(viewer, query);
  expect(response.statusCode).toBe(200);
  expectSchemaBody(response.body);
  return response.json().data as FeedCard[];
}

/** One page by cursor: its cards' first names and the next cursor. */
async function cursorPage(viewer: Session, cursor: string | null, limit: number) {
  const query = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
  const response = await feed(viewer, query);
  expect(response.statusCode, response.body).toBe(200);
  expectSchemaBody(response.body);
  const body = response.json() as { data: FeedCard[]; nextCursor: string | null };
  expect(response.headers["x-next-cursor"] ?? null).toBe(body.nextCursor);
  return { names: body.data.map((card) => card.firstName), next: body.nextCursor };
}

/** Every name a viewer pages through from the first page by cursor. */
async function pageThrough(viewer: Session, limit: number): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  for (let step = 0; step < 100; step++) {
    const page = await cursorPage(viewer, cursor, limit);
    names.push(...page.names);
    if (!page.next) return names;
    cursor = page.next;
  }
  throw new Error("the feed did not end");
}

const send = (from: Session, status: string, to: Session) => sendRequest(app, from, status, to);
const review = (reviewer: Session, status: string, requestId: string) =>
  reviewRequest(app, reviewer, status, requestId);

describe("GET /api/feed", () => {
  it("needs a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/feed" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
  });

  it("refuses a session that has expired, and one that cannot be a session id", async () => {
    const viewer = await signUpUser(app);
    await person("Someone", ["a", "b", "c"], "2024-01-02T00:00:00Z");
    expect(await feedCards(viewer)).toHaveLength(1);
    const xsrf = viewer.headers["x-xsrf-token"];
    const tooLong = { cookie: `token=${"x".repeat(101)}; XSRF-TOKEN=${xsrf}` };
    const unknown = { cookie: `token=nobody; XSRF-TOKEN=${xsrf}` };
    for (const headers of [tooLong, unknown]) {
      const response = await app.inject({ method: "GET", url: "/api/feed", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
    }
    await app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await feed(viewer);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
  });

  it("slides a session's expiry forward when it is due, and its cookie with it", async () => {
    const viewer = await signUpUser(app);
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await app.db.update(sessions).set({ expiresAt: soon });
    const response = await feed(viewer);
    expect(response.statusCode).toBe(200);
    expect(cookieFrom(response, "token")).toBe(viewer.headers.cookie.match(/token=([^;]+)/)?.[1]);
    const [row] = await app.db.select({ expiresAt: sessions.expiresAt }).from(sessions);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    // Not due again: no cookie on the next page.
    expect(cookieFrom(await feed(viewer), "token")).toBeUndefined();
  });

  it("answers a bad cursor with 401 without a session and 400 with one", async () => {
    const viewer = await signUpUser(app);
    const url = "/api/feed?cursor=bm90LWEtY3Vyc29y";
    const anonymous = await app.inject({ method: "GET", url });
    expect(anonymous.statusCode).toBe(401);
    const stale = await app.inject({ method: "GET", url, headers: { cookie: "token=nobody" } });
    expect(stale.statusCode).toBe(401);
    const signedIn = await app.inject({ method: "GET", url, headers: viewer.headers });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
  });

  it("rejects a limit over 50 and a page or limit under 1", async () => {
    const viewer = await signUpUser(app);
    for (const query of ["?limit=51", "?limit=0", "?page=0", "?page=abc"]) {
      const response = await feed(viewer, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().status).toBe(0);
    }
    expect((await feed(viewer, "?limit=50")).statusCode).toBe(200);
  });

  it("leaves out the viewer and anyone with a request either way, whatever its status", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    const sentInterested = await person("SentInterested", ["a", "b", "c"], "2024-01-02T00:00:00Z");
    const sentIgnored = await person("SentIgnored", ["a", "b", "c"], "2024-01-03T00:00:00Z");
    const gotInterested = await person("GotInterested", ["a", "b", "c"], "2024-01-04T00:00:00Z");
    const gotIgnored = await person("GotIgnored", ["a", "b", "c"], "2024-01-05T00:00:00Z");
    const accepted = await person("Accepted", ["chess", "b", "c"], "2024-01-06T00:00:00Z");
    const rejected = await person("Rejected", ["chess", "b", "c"], "2024-01-07T00:00:00Z");
    const stranger = await person("Stranger", ["a", "b", "c"], "2024-01-08T00:00:00Z");

    await send(viewer, "interested", sentInterested);
    await send(viewer, "ignored", sentIgnored);
    await send(gotInterested, "interested", viewer);
    await send(gotIgnored, "ignored", viewer);
    await review(viewer, "accepted", await send(accepted, "interested", viewer));
    await review(viewer, "rejected", await send(rejected, "interested", viewer));

    const cards = await feedCards(viewer);
    expect(cards.map((card) => card.firstName)).toEqual(["Stranger"]);
    expect(cards[0]?._id).toBe(stranger.me._id);

    // The exclusion holds from the other side too.
    for (const other of [sentInterested, gotIgnored, accepted, rejected]) {
      const theirs = await feedCards(other);
      expect(theirs.map((card) => card._id)).not.toContain(viewer.me._id);
    }
  });

  it("ranks by shared skills (regardless of case), then newest, in the card's own spelling", async () => {
    const viewer = await person("Viewer", ["Chess", "Python", "Hiking"], "2024-01-01T00:00:00Z");
    await person("OldTwo", ["hiking", "Cooking", "chess"], "2024-02-01T00:00:00Z");
    await person("NewTwo", ["PYTHON", "Cooking", "chess"], "2024-03-01T00:00:00Z");
    await person("Three", ["Baking", "hIKING", "Python", "CHESS"], "2024-01-15T00:00:00Z");
    await person("One", ["Rust", "Go", "python"], "2024-04-01T00:00:00Z");
    await person("NoneNewest", ["Rust", "Go", "Zig"], "2024-06-01T00:00:00Z");
    await person("NoneOlder", ["Rust", "Go", "Zig"], "2024-05-01T00:00:00Z");

    const cards = await feedCards(viewer);
    expect(cards.map((card) => card.firstName)).toEqual([
      "Three",
      "NewTwo",
      "OldTwo",
      "One",
      "NoneNewest",
      "NoneOlder",
    ]);
    const byName = Object.fromEntries(cards.map((card) => [card.firstName, card]));
    expect(byName.Three?.matchingSkills).toEqual(["hIKING", "Python", "CHESS"]);
    expect(byName.NewTwo?.matchingSkills).toEqual(["PYTHON", "chess"]);
    expect(byName.OldTwo?.matchingSkills).toEqual(["hiking", "chess"]);
    expect(byName.One?.matchingSkills).toEqual(["python"]);
    expect(byName.NoneNewest?.matchingSkills).toEqual([]);
    expect(byName.Three?.skills).toEqual(["Baking", "hIKING", "Python", "CHESS"]);
  });

  it("serves cards in the contract's shape, with an avatar and no email", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    await person("Other", ["Chess", "Go", "Poker"], "2024-01-02T00:00:00Z", {
      lastName: "Person",
      emailId: "other.person@example.com",
    });
    const response = await feed(viewer);
    expect(response.body).not.toContain("example.com");
    expect(response.body).not.toMatch(/emailId|password/i);
    const body = response.json();
    expect(body).toMatchObject({ status: 1, message: expect.any(String) });
    const [card] = body.data as FeedCard[];
    expect(Object.keys(card ?? {}).sort()).toEqual(
      [
        "_id",
        "about",
        "age",
        "campus",
        "exchange",
        "firstName",
        "gender",
        "lastName",
        "learning",
        "matchingSkills",
        "photo",
        "photoUrl",
        "related",
        "relatedToYours",
        "sharedInYourWords",
        "skills",
      ].sort(),
    );
    expect(card?.photoUrl).toBe(`/api/avatars/${card?._id}.svg`);
  });

  it("pages are stable: no overlap, together everyone, in the same order as one big page", async () => {
    const viewer = await person("Viewer", ["Chess", "Python", "Hiking"], "2024-01-01T00:00:00Z");
    const skillSets = [
      ["Chess", "Python", "Hiking"],
      ["chess", "a", "b"],
      ["x", "y", "z"],
      ["python", "hiking", "c"],
      ["x", "y", "z"],
      ["CHESS", "d", "e"],
    ];
    const everyone: string[] = [];
    for (let index = 0; index < 13; index++) {
      // Two people share each creation time, so the id tie-break is exercised too.
      const day = String(2 + Math.floor(index / 2)).padStart(2, "0");
      const session = await person(
        `P${index}`,
        skillSets[index % skillSets.length] as string[],
        `2024-03-${day}T00:00:00Z`,
      );
      everyone.push(session.me._id);
    }
    const all = (await feedCards(viewer, "?limit=50")).map((card) => card._id);
    expect([...all].sort()).toEqual([...everyone].sort());

    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const cards = await feedCards(viewer, `?page=${page}&limit=5`);
      expect(cards).toHaveLength(page < 3 ? 5 : 3);
      paged.push(...cards.map((card) => card._id));
    }
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(13);
    expect(await feedCards(viewer, "?page=4&limit=5")).toEqual([]);
  });

  it("defaults to 10 cards per page", async () => {
    const viewer = await signUpUser(app);
    for (let index = 0; index < 11; index++) await signUpUser(app);
    expect(await feedCards(viewer)).toHaveLength(10);
    expect(await feedCards(viewer, "?page=2")).toHaveLength(1);
  });
});

describe("GET /api/feed: the ranking and cursors", () => {
  it("pages by cursor in the same order as one big page, then ends with a null cursor", async () => {
    const viewer = await person("Viewer", ["Chess", "Python", "Hiking"], "2024-01-01T00:00:00Z");
    const skillSets = [
      ["chess", "a", "b"],
      ["x", "y", "z"],
      ["python", "hiking", "c"],
    ];
    for (let index = 0; index < 7; index++) {
      await person(
        `P${index}`,
        skillSets[index % 3] as string[],
        `2024-03-0${index + 1}T00:00:00Z`,
      );
    }
    const all = (await feedCards(viewer, "?limit=50")).map((card) => card.firstName);
    expect(await pageThrough(viewer, 3)).toEqual(all);
    // An empty cursor is the first page.
    expect((await cursorPage(viewer, "", 3)).names).toEqual(all.slice(0, 3));
  });

  it("refuses a cursor it did not make with a 400", async () => {
    const viewer = await signUpUser(app, { skills: ["Chess", "Go", "Tea"] });
    const forged = (text: string) => Buffer.from(text).toString("base64url");
    for (const cursor of [
      "abc",
      "%21%21",
      "a".repeat(65),
      forged("f1:0"),
      forged("f1:-1"),
      forged("f1:1.5"),
      forged("f1:9999999999999999"),
      forged("f2:10"),
      "%00",
    ]) {
      const response = await feed(viewer, `?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ status: 0 });
    }
    await signUpUser(app, { firstName: "Ann", skills: ["x", "y", "z"] });
    // A well-formed cursor beyond the end is simply an empty page.
    const end = encodeFeedCursor({
      skillsKey: skillsKeyOf(["Chess", "Go", "Tea"].map(canonicalSkill)),
      startedAt: Date.now() * 1000,
      last: { exchange: 0, shared: 0, related: 0, created: -1, number: 0 },
      welcomed: { created: Date.now() * 1000, number: Number.MAX_SAFE_INTEGER },
    });
    const beyond = await feed(viewer, `?cursor=${end}`);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({ data: [], nextCursor: null });
    // A cursor of the queue the feed was read from before is its first page.
    const older = await feed(viewer, `?cursor=${forged("f1:999999")}`);
    expect(older.statusCode).toBe(200);
    expect(older.json().data.map((card: FeedCard) => card.firstName)).toEqual(["Ann"]);
  });

  it("drops a person acted on since the batch at once, whoever sent the request", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    const people: Session[] = [];
    for (let index = 0; index < 6; index++) {
      people.push(
        await person(`P${index}`, ["chess", "a", "b"], `2024-02-0${9 - index}T00:00:00Z`),
      );
    }
    const first = await cursorPage(viewer, null, 2);
    expect(first.names).toEqual(["P0", "P1"]);
    // Both are already in the queue; one gets a request from the viewer, one sends one.
    await send(viewer, "interested", people[2] as Session);
    await send(people[3] as Session, "ignored", viewer);
    const second = await cursorPage(viewer, first.next, 2);
    expect(second.names).toEqual(["P4", "P5"]);
    // The first page again: a swipe on P0 removes it there too.
    await send(viewer, "ignored", people[0] as Session);
    expect((await cursorPage(viewer, null, 3)).names).toEqual(["P1", "P4", "P5"]);
  });

  it("brings back a person undone from the list of people passed on the next page", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    const people: Session[] = [];
    for (let index = 0; index < 5; index++) {
      people.push(
        await person(`P${index}`, ["chess", "a", "b"], `2024-02-0${9 - index}T00:00:00Z`),
      );
    }
    const first = await cursorPage(viewer, null, 2);
    expect(first.names).toEqual(["P0", "P1"]);
    // Passed: P0 on the page shown, P3 further down (from their profile).
    await send(viewer, "ignored", people[0] as Session);
    await send(viewer, "ignored", people[3] as Session);
    const list = await app.inject({
      method: "GET",
      url: "/api/user/requests/sent?status=ignored",
      headers: viewer.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const passed = list.json().data as { _id: string; toUserId: { firstName: string } }[];
    expect(passed.map((sent) => sent.toUserId.firstName)).toEqual(["P3", "P0"]);
    for (const sent of passed) {
      const undo = await app.inject({
        method: "DELETE",
        url: `/api/request/${sent._id}`,
        headers: viewer.headers,
      });
      expect(undo.statusCode, undo.body).toBe(200);
    }
    // P3 comes on the next page by the cursor, in its place; P0 at the top of a reloaded feed.
    expect((await cursorPage(viewer, first.next, 5)).names).toEqual(["P2", "P3", "P4"]);
    expect((await cursorPage(viewer, null, 2)).names).toEqual(["P0", "P1"]);
  });

  it("drops a blocked person at once, either way", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    const blocked = await person("Blocked", ["chess", "a", "b"], "2024-02-03T00:00:00Z");
    const blocker = await person("Blocker", ["chess", "a", "b"], "2024-02-02T00:00:00Z");
    await person("Stays", ["chess", "a", "b"], "2024-02-01T00:00:00Z");
    expect((await cursorPage(viewer, null, 10)).names).toEqual(["Blocked", "Blocker", "Stays"]);
    const block = async (from: Session, to: Session) => {
      const response = await app.inject({
        method: "POST",
        url: `/api/user/block/${to.me._id}`,
        headers: from.headers,
        payload: {},
      });
      expect(response.statusCode).toBe(201);
    };
    await block(viewer, blocked);
    await block(blocker, viewer);
    expect((await cursorPage(viewer, null, 10)).names).toEqual(["Stays"]);
  });

  it("ranks the next page by the new skills after a skills edit", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    await person("ChessNew", ["chess", "a", "b"], "2024-02-04T00:00:00Z");
    await person("ChessOld", ["chess", "go", "b"], "2024-02-03T00:00:00Z");
    await person("Baker", ["baking", "rust", "b"], "2024-02-02T00:00:00Z");
    await person("Rustacean", ["rust", "zig", "baking"], "2024-02-01T00:00:00Z");
    const first = await cursorPage(viewer, null, 1);
    expect(first.names).toEqual(["ChessOld"]);
    const edit = await app.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: viewer.headers,
      payload: { skills: ["Baking", "Rust", "Zig"] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const second = await cursorPage(viewer, first.next, 2);
    expect(second.names).toEqual(["Rustacean", "Baker"]);
    expect((await cursorPage(viewer, second.next, 5)).names).toEqual(["ChessNew", "ChessOld"]);
  });

  it("gives two tabs paging at once every person once each, over many small batches", async () => {
    const viewer = await person("Viewer", ["Chess", "Python", "Hiking"], "2024-01-01T00:00:00Z");
    const skillSets = [
      ["chess", "a", "b"],
      ["x", "y", "z"],
      ["python", "hiking", "chess"],
    ];
    const everyone: string[] = [];
    for (let index = 0; index < 16; index++) {
      const day = String(1 + index).padStart(2, "0");
      await person(`P${index}`, skillSets[index % 3] as string[], `2024-03-${day}T00:00:00Z`);
      everyone.push(`P${index}`);
    }
    const tabs = [
      { names: [] as string[], cursor: null as string | null, done: false },
      {
        names: [] as string[],
        cursor: null as string | null,
        done: false,
      },
    ];
    for (let step = 0; step < 50 && tabs.some((tab) => !tab.done); step++) {
      await Promise.all(
        tabs.map(async (tab) => {
          if (tab.done) return;
          const page = await cursorPage(viewer, tab.cursor, 2);
          tab.names.push(...page.names);
          tab.cursor = page.next;
          tab.done = page.next === null;
        }),
      );
    }
    for (const tab of tabs) {
      expect(new Set(tab.names).size).toBe(tab.names.length);
      expect([...tab.names].sort()).toEqual([...everyone].sort());
    }
    expect(tabs[0]?.names).toEqual(tabs[1]?.names);
    // Sharers come before everyone else, whatever the batch.
    const sharers = everyone.filter((_, index) => index % 3 !== 1);
    expect(new Set(tabs[0]?.names.slice(0, sharers.length))).toEqual(new Set(sharers));
  });

  it("shows someone who joins after a batch with the next batch", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    for (let index = 0; index < 6; index++) {
      await person(`P${index}`, ["chess", "a", "b"], `2024-02-0${index + 1}T00:00:00Z`);
    }
    const first = await cursorPage(viewer, null, 1);
    await signUpUser(app, { firstName: "Newcomer", skills: ["x", "y", "z"] });
    const names = [...first.names];
    let cursor = first.next;
    while (cursor) {
      const page = await cursorPage(viewer, cursor, 1);
      names.push(...page.names);
      cursor = page.next;
    }
    expect(names.filter((name) => name === "Newcomer")).toHaveLength(1);
    // It came with the batch after the first one, not at the very end.
    expect(names.indexOf("Newcomer")).toBeLessThan(4);
  });

  it("puts someone who joined since at the top of a reloaded first page", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    await person("Old", ["chess", "a", "b"], "2024-02-01T00:00:00Z");
    expect((await cursorPage(viewer, null, 5)).names).toEqual(["Old"]);
    await signUpUser(app, { firstName: "Newcomer", skills: ["Chess", "Go", "x"] });
    expect((await cursorPage(viewer, null, 5)).names).toEqual(["Newcomer", "Old"]);
  });
});

describe("GET /api/feed: canonical and related skills", () => {
  it("ranks js, JS, javascript and JavaScript as one skill, each person's spelling kept", async () => {
    const viewer = await person("Viewer", ["js", "Chess", "Tea"], "2024-01-01T00:00:00Z");
    await person("Jo", ["javascript", "JS", "Rust"], "2024-02-01T00:00:00Z");
    await person("Jay", ["JavaScript", "Cooking", "Rust"], "2024-03-01T00:00:00Z");
    await person("Newest", ["Rust", "Zig", "Knitting"], "2024-06-01T00:00:00Z");

    // Jo's two spellings are one shared skill, so the newer Jay comes first.
    expect(await pageThrough(viewer, 2)).toEqual(["Jay", "Jo", "Newest"]);
    expect(await pageThrough(viewer, 1)).toEqual(["Jay", "Jo", "Newest"]);
    const byName = Object.fromEntries(
      (await feedCards(viewer)).map((card) => [card.firstName, card]),
    );
    expect(byName.Jay?.matchingSkills).toEqual(["JavaScript"]);
    expect(byName.Jo?.matchingSkills).toEqual(["javascript", "JS"]);
    expect(byName.Newest?.matchingSkills).toEqual([]);
  });

  it("ranks a JavaScript person above a stranger for a React viewer, after React people", async () => {
    const viewer = await person("Viewer", ["React", "Chess", "Tea"], "2024-01-01T00:00:00Z");
    await person("Js", ["JavaScript", "Cooking", "Rust"], "2024-02-01T00:00:00Z");
    await person("Sharer", ["react.js", "Rust", "Zig"], "2024-03-01T00:00:00Z");
    await person("Stranger", ["Cooking", "Rust", "Zig"], "2024-06-01T00:00:00Z");

    const cards = await feedCards(viewer);
    expect(cards.map((card) => card.firstName)).toEqual(["Sharer", "Js", "Stranger"]);
    const byName = Object.fromEntries(cards.map((card) => [card.firstName, card]));
    expect(byName.Sharer).toMatchObject({ matchingSkills: ["react.js"], related: [] });
    expect(byName.Js).toMatchObject({ matchingSkills: [], related: ["JavaScript"] });
    expect(byName.Stranger).toMatchObject({ matchingSkills: [], related: [] });

    // The same order a page of one at a time.
    expect(await pageThrough(viewer, 1)).toEqual(["Sharer", "Js", "Stranger"]);
  });

  it("says what is shared in the viewer's own words, and which of theirs a related skill is near", async () => {
    const viewer = await person("Viewer", ["Chess", "JS", "Tea"], "2024-01-01T00:00:00Z");
    const other = await person("Other", ["JavaScript", "Knitting", "Go"], "2024-01-02T00:00:00Z");
    await person("Jay", ["javascript", "Rust", "chess"], "2024-02-01T00:00:00Z");
    await person("Jo", ["js", "JavaScript", "Cooking"], "2024-03-01T00:00:00Z");
    await person("Rea", ["react.js", "Cooking", "Zig"], "2024-04-01T00:00:00Z");

    const mine = Object.fromEntries(
      (await feedCards(viewer)).map((card) => [card.firstName, card]),
    );
    // Jay's skills in his words, what the two share in the viewer's, in the viewer's order.
    expect(mine.Jay).toMatchObject({
      matchingSkills: ["javascript", "chess"],
      sharedInYourWords: ["Chess", "JS"],
      related: [],
      relatedToYours: [],
    });
    // Two spellings of one skill are one shared skill in the viewer's words.
    expect(mine.Jo).toMatchObject({
      matchingSkills: ["js", "JavaScript"],
      sharedInYourWords: ["JS"],
    });
    expect(mine.Rea).toMatchObject({
      matchingSkills: [],
      sharedInYourWords: [],
      related: ["react.js"],
      relatedToYours: [{ skill: "react.js", yours: "JS" }],
    });

    // The other spelling: a viewer who typed JavaScript reads "JavaScript" for the same people.
    const theirs = Object.fromEntries(
      (await feedCards(other)).map((card) => [card.firstName, card]),
    );
    expect(theirs.Jay).toMatchObject({
      matchingSkills: ["javascript"],
      sharedInYourWords: ["JavaScript"],
    });
    expect(theirs.Jo).toMatchObject({ sharedInYourWords: ["JavaScript"] });
    expect(theirs.Viewer).toMatchObject({
      matchingSkills: ["JS"],
      sharedInYourWords: ["JavaScript"],
    });
    expect(theirs.Rea).toMatchObject({
      relatedToYours: [{ skill: "react.js", yours: "JavaScript" }],
    });
  });

  it("keeps C++ and C apart", async () => {
    const viewer = await person("Viewer", ["C++", "Chess", "Tea"], "2024-01-01T00:00:00Z");
    await person("Cpp", ["cpp", "Rust", "Zig"], "2024-02-01T00:00:00Z");
    await person("Cee", ["C", "Rust", "Zig"], "2024-06-01T00:00:00Z");
    const cards = await feedCards(viewer);
    expect(cards.map((card) => card.firstName)).toEqual(["Cpp", "Cee"]);
    expect(cards.map((card) => card.matchingSkills)).toEqual([["cpp"], []]);
  });
});

/**
 * Two processes on one database: on PostgreSQL, apps with pools of their own; on PGlite (one
 * connection, in this process), apps sharing the handle.
 */
async function twoProcesses(): Promise<{ first: FastifyInstance; second: FastifyInstance }> {
  if (process.env.TEST_DATABASE_URL) {
    const second = await createTestApp({ databaseUrl: app.config.databaseUrl });
    return { first: app, second };
  }
  const handle: DatabaseHandle = await openTestDatabase();
  const shared = { ...handle, close: async () => {} };
  const first = await buildApp(testConfig(), { database: shared });
  const second = await buildApp(testConfig(), { database: shared });
  first.addHook("onClose", () => handle.close());
  return { first, second };
}

/** Two processes on one database for each test of the describe block that calls it. */
function withTwoProcesses(): { first: FastifyInstance; second: FastifyInstance } {
  const processes = {} as { first: FastifyInstance; second: FastifyInstance };
  beforeEach(async () => {
    Object.assign(processes, await twoProcesses());
  });
  afterEach(async () => {
    await processes.second.close();
    if (processes.first !== app) await processes.first.close();
  });
  return processes;
}

describe("GET /api/feed after the session ends", () => {
  const processes = withTwoProcesses();

  const feedOn = (on: FastifyInstance, viewer: Session, query = "") =>
    on.inject({ method: "GET", url: `/api/feed?limit=1${query}`, headers: viewer.headers });

  async function expectRefused(viewer: Session, cursor: string) {
    for (const query of ["", `&cursor=${cursor}`]) {
      const response = await feedOn(processes.second, viewer, query);
      expect(response.statusCode, query).toBe(401);
      expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
    }
  }

  it("refuses the next page on another process at once after a logout", async () => {
    const viewer = await signUpUser(processes.first);
    await signUpUser(processes.first, { firstName: "Ann" });
    await signUpUser(processes.first, { firstName: "Bea" });
    const page = await feedOn(processes.second, viewer);
    expect(page.statusCode).toBe(200);
    const cursor = page.json().nextCursor as string;
    expect((await feedOn(processes.second, viewer, `&cursor=${cursor}`)).statusCode).toBe(200);

    const logout = await processes.first.inject({
      method: "POST",
      url: "/api/logout",
      headers: viewer.headers,
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    await expectRefused(viewer, cursor);
  });

  it("refuses the next page on another process at once after the account is deleted", async () => {
    const viewer = await signUpUser(processes.first);
    await signUpUser(processes.first, { firstName: "Ann" });
    await signUpUser(processes.first, { firstName: "Bea" });
    const page = await feedOn(processes.second, viewer);
    expect(page.statusCode).toBe(200);
    const cursor = page.json().nextCursor as string;

    const deleted = await processes.first.inject({
      method: "DELETE",
      url: "/api/account",
      headers: viewer.headers,
      payload: { password: "correct horse battery" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectRefused(viewer, cursor);
  });
});

// Each process keeps the feed's people in its own memory: what one process writes must show on
// the other's very next page.
describe("GET /api/feed on two processes", () => {
  const processes = withTwoProcesses();

  /** Every name on the viewer's feed as the second process serves it, a page of 2 at a time. */
  async function namesOnSecond(viewer: Session): Promise<string[]> {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/feed?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const response = await processes.second.inject({
        method: "GET",
        url: query,
        headers: viewer.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expectSchemaBody(response.body);
      const body = response.json() as { data: FeedCard[]; nextCursor: string | null };
      names.push(...body.data.map((card) => card.firstName));
      cursor = body.nextCursor;
    } while (cursor);
    return names;
  }

  const on = (process: FastifyInstance, method: "POST" | "DELETE", url: string, who: Session) =>
    process.inject({ method, url, headers: who.headers, payload: {} });

  it("drops a person requested or blocked on the other process at once, either way", async () => {
    const viewer = await signUpUser(processes.first, {
      firstName: "Viewer",
      skills: ["Chess", "Go", "Tea"],
    });
    const ann = await signUpUser(processes.first, {
      firstName: "Ann",
      skills: ["Chess", "a", "b"],
    });
    const bea = await signUpUser(processes.first, { firstName: "Bea", skills: ["Go", "a", "b"] });
    const cy = await signUpUser(processes.first, { firstName: "Cy", skills: ["Tea", "a", "b"] });
    await signUpUser(processes.first, { firstName: "Dee", skills: ["x", "y", "z"] });
    expect((await namesOnSecond(viewer)).sort()).toEqual(["Ann", "Bea", "Cy", "Dee"]);

    const sent = await on(
      processes.first,
      "POST",
      `/api/request/send/interested/${ann.me._id}`,
      viewer,
    );
    expect(sent.statusCode).toBe(201);
    expect((await namesOnSecond(viewer)).sort()).toEqual(["Bea", "Cy", "Dee"]);
    const received = await on(
      processes.first,
      "POST",
      `/api/request/send/ignored/${viewer.me._id}`,
      bea,
    );
    expect(received.statusCode).toBe(201);
    expect((await namesOnSecond(viewer)).sort()).toEqual(["Cy", "Dee"]);
    const blocked = await on(processes.first, "POST", `/api/user/block/${viewer.me._id}`, cy);
    expect(blocked.statusCode).toBe(201);
    expect(await namesOnSecond(viewer)).toEqual(["Dee"]);
    // A block lifted brings the person back.
    const lifted = await on(processes.first, "DELETE", `/api/user/block/${viewer.me._id}`, cy);
    expect(lifted.statusCode).toBe(200);
    expect(await namesOnSecond(viewer)).toEqual(["Cy", "Dee"]);
  });

  it("shows an edit, a newcomer and a deleted account made on the other process at once", async () => {
    const viewer = await signUpUser(processes.first, {
      firstName: "Viewer",
      skills: ["Chess", "Go", "Tea"],
    });
    const ann = await signUpUser(processes.first, { firstName: "Ann", skills: ["x", "y", "z"] });
    await signUpUser(processes.first, { firstName: "Bea", skills: ["x", "y", "z"] });
    expect(await namesOnSecond(viewer)).toEqual(["Bea", "Ann"]);

    const edit = await processes.first.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: ann.headers,
      payload: { firstName: "Anna", skills: ["Chess", "Go", "y"] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Renamed, and ranked first by the skills she now shares.
    expect(await namesOnSecond(viewer)).toEqual(["Anna", "Bea"]);

    await signUpUser(processes.first, { firstName: "Cy", skills: ["Tea", "y", "z"] });
    expect(await namesOnSecond(viewer)).toEqual(["Anna", "Cy", "Bea"]);

    const deleted = await processes.first.inject({
      method: "DELETE",
      url: "/api/account",
      headers: ann.headers,
      payload: { password: "correct horse battery" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await namesOnSecond(viewer)).toEqual(["Cy", "Bea"]);
  });

  it("ranks again by what a person wants to learn, edited on the other process", async () => {
    const viewer = await signUpUser(processes.first, {
      firstName: "Viewer",
      skills: ["Chess", "Go", "Tea"],
      learning: ["Guitar"],
    });
    const ann = await signUpUser(processes.first, {
      firstName: "Ann",
      skills: ["Guitar", "y", "z"],
    });
    await signUpUser(processes.first, { firstName: "Bea", skills: ["Guitar", "y", "z"] });
    // Both can teach the viewer; the newer first.
    expect(await namesOnSecond(viewer)).toEqual(["Bea", "Ann"]);
    const edit = await processes.first.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: ann.headers,
      payload: { learning: ["Go"] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Ann now wants to learn what the viewer knows: an exchange both ways comes first.
    expect(await namesOnSecond(viewer)).toEqual(["Ann", "Bea"]);
  });

  it("shows an edit made after the page before on the next page by its cursor", async () => {
    const viewer = await signUpUser(processes.first, {
      firstName: "Viewer",
      skills: ["Chess", "Go", "Tea"],
    });
    const ann = await signUpUser(processes.first, { firstName: "Ann", skills: ["x", "y", "z"] });
    await signUpUser(processes.first, { firstName: "Bea", skills: ["x", "y", "z"] });
    const page = (cursor?: string) =>
      processes.second.inject({
        method: "GET",
        url: `/api/feed?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
        headers: viewer.headers,
      });
    const first = await page();
    const { data, nextCursor } = first.json() as { data: FeedCard[]; nextCursor: string };
    expect(data.map((card) => card.firstName)).toEqual(["Bea"]);
    // Its cards are in this process now: the edit must reach them through the check's changes.
    expect((await page()).statusCode).toBe(200);

    const edit = await processes.first.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: ann.headers,
      payload: { firstName: "Anna" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const next = (await page(nextCursor)).json() as { data: FeedCard[] };
    expect(next.data.map((card) => card.firstName)).toEqual(["Anna"]);
  });

  it("reads everyone again when the changes it missed were pruned", async () => {
    const viewer = await signUpUser(processes.first, {
      firstName: "Viewer",
      skills: ["Chess", "Go", "Tea"],
    });
    const ann = await signUpUser(processes.first, { firstName: "Ann", skills: ["x", "y", "z"] });
    const bea = await signUpUser(processes.first, { firstName: "Bea", skills: ["x", "y", "z"] });
    expect(await namesOnSecond(viewer)).toEqual(["Bea", "Ann"]);
    const rename = async (who: Session, firstName: string) => {
      const edit = await processes.first.inject({
        method: "PATCH",
        url: "/api/profile/edit",
        headers: who.headers,
        payload: { firstName },
      });
      expect(edit.statusCode, edit.body).toBe(200);
    };
    // Ann's change is pruned before the second process reads it; Bea's comes after.
    await rename(ann, "Anna");
    await pruneChanges(processes.first.db, 0);
    await rename(bea, "Beatrix");
    expect(await namesOnSecond(viewer)).toEqual(["Beatrix", "Anna"]);
  });
});
