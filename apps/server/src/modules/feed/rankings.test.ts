import type { FeedCard } from "@kindred/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApp,
  openTestDatabase,
  type Session,
  signUpUser,
  testConfig,
} from "../../../test/helpers.ts";
import { buildApp } from "../../app.ts";
import { users } from "../../db/schema.ts";

// The feed's rankings are kept in the database a chunk at a time (three people a chunk here), and
// the changes made since are merged over them on every page, on any process.

const CHUNK = 3;

/** Two processes on one database, each making rankings three people a chunk. */
async function twoProcesses(): Promise<[FastifyInstance, FastifyInstance]> {
  if (process.env.TEST_DATABASE_URL) {
    const first = await createTestApp({ feedRankingChunk: CHUNK });
    const second = await createTestApp({
      feedRankingChunk: CHUNK,
      databaseUrl: first.config.databaseUrl,
    });
    return [first, second];
  }
  const handle = await openTestDatabase();
  const shared = { ...handle, close: async () => {} };
  const first = await buildApp(testConfig({ feedRankingChunk: CHUNK }), { database: shared });
  const second = await buildApp(testConfig({ feedRankingChunk: CHUNK }), { database: shared });
  second.addHook("onClose", () => handle.close());
  return [first, second];
}

let first: FastifyInstance;
let second: FastifyInstance;
beforeEach(async () => {
  [first, second] = await twoProcesses();
});
afterEach(async () => {
  await first.close();
  await second.close();
});

/** Signs someone up on the first process and pins their profile's creation time. */
async function person(firstName: string, skills: string[], day: number): Promise<Session> {
  const session = await signUpUser(first, { firstName, skills });
  await first.db
    .update(users)
    .set({ createdAt: new Date(Date.UTC(2024, 0, day)) })
    .where(eq(users.id, session.me._id));
  return session;
}

/** One page as `on` serves it: first names and the next cursor. */
async function page(on: FastifyInstance, viewer: Session, cursor: string | null, limit: number) {
  const response = await on.inject({
    method: "GET",
    url: `/api/feed?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
    headers: viewer.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: FeedCard[]; nextCursor: string | null };
  return { names: body.data.map((card) => card.firstName), next: body.nextCursor };
}

/** Every name from the first page by cursor, pages alternating between the two processes. */
async function pageThrough(viewer: Session, limit: number): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  for (let step = 0; step < 100; step++) {
    const next = await page(step % 2 === 0 ? first : second, viewer, cursor, limit);
    names.push(...next.names);
    if (!next.next) return names;
    cursor = next.next;
  }
  throw new Error("the feed did not end");
}

// The viewer knows Chess, Go, Tea and React; JavaScript is related to React.
const VIEWER = ["Chess", "Go", "Tea", "React"];
// Each person: their skills, their day of January 2024 (a later day is newer), and the order the
// rule gives: most shared skills, then most related ones, then newest.
const PEOPLE: [string, string[], number][] = [
  ["Nobody1", ["x", "y", "z"], 1],
  ["Related", ["javascript", "q", "r"], 2],
  ["TeaOnly", ["tea", "q", "r"], 3],
  ["ChessJs", ["chess", "javascript", "z"], 4],
  ["GoTea", ["go", "tea", "y"], 5],
  ["ChessGo", ["chess", "go", "x"], 6],
  ["All3", ["chess", "go", "tea"], 7],
  ["Nobody2", ["x", "y", "z"], 8],
  ["TeaOnly2", ["tea", "x", "z"], 9],
  ["Nobody3", ["q", "y", "z"], 10],
];
const ORDER = [
  "All3",
  "ChessGo",
  "GoTea",
  "ChessJs",
  "TeaOnly2",
  "TeaOnly",
  "Related",
  "Nobody3",
  "Nobody2",
  "Nobody1",
];

async function everyone(): Promise<{ viewer: Session; people: Map<string, Session> }> {
  const viewer = await person("Viewer", VIEWER, 20);
  const people = new Map<string, Session>();
  for (const [name, skills, day] of PEOPLE) people.set(name, await person(name, skills, day));
  return { viewer, people };
}

describe("GET /api/feed: a ranking kept in chunks", () => {
  it("gives the rule's order over many chunks, by cursor on either process and in one page", async () => {
    const { viewer } = await everyone();
    expect(await pageThrough(viewer, 2)).toEqual(ORDER);
    expect((await page(second, viewer, null, 50)).names).toEqual(ORDER);
    expect(await pageThrough(viewer, 1)).toEqual(ORDER);
  });

  it("places an edit, a newcomer and a deletion deep in a ranking on the next page", async () => {
    const { viewer, people } = await everyone();
    // The ranking is made, and its first chunk read, before the changes.
    expect((await page(second, viewer, null, 2)).names).toEqual(ORDER.slice(0, 2));
    const edit = await first.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: (people.get("Nobody2") as Session).headers,
      payload: { firstName: "Everything", skills: ["Chess", "Go", "Tea", "React"] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const deleted = await first.inject({
      method: "DELETE",
      url: "/api/account",
      headers: (people.get("GoTea") as Session).headers,
      payload: { password: "correct horse battery" },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await person("Newcomer", ["tea", "go", "q"], 15);
    const expected = [
      "Everything",
      "All3",
      "Newcomer",
      "ChessGo",
      "ChessJs",
      "TeaOnly2",
      "TeaOnly",
      "Related",
      "Nobody3",
      "Nobody1",
    ];
    expect((await page(second, viewer, null, 50)).names).toEqual(expected);
    expect(await pageThrough(viewer, 3)).toEqual(expected);
  });

  it("shows a newcomer with the next page, before the rest of a ranking made in chunks", async () => {
    const { viewer } = await everyone();
    const start = await page(second, viewer, null, 2);
    await person("Newcomer", ["x", "y", "q"], 25);
    const names = [...start.names];
    let cursor = start.next;
    while (cursor) {
      const next = await page(first, viewer, cursor, 2);
      names.push(...next.names);
      cursor = next.next;
    }
    expect(names).toEqual([...ORDER.slice(0, 2), "Newcomer", ...ORDER.slice(2)]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "GET /api/feed with changes committed out of order",
  () => {
    it("shows a change whose transaction began first and committed last", async () => {
      const viewer = await person("Viewer", VIEWER, 20);
      const early = await person("Early", ["x", "y", "z"], 1);
      await person("Late", ["x", "y", "q"], 2);
      expect((await page(second, viewer, null, 50)).names).toEqual(["Late", "Early"]);
      // Early's edit takes its transaction id first and commits after Late's edit has been read.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let began = () => {};
      const started = new Promise<void>((resolve) => {
        began = resolve;
      });
      const slow = first.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ skills: ["Chess", "Go", "z"] })
          .where(eq(users.id, early.me._id));
        began();
        await held;
      });
      await started;
      const edit = await first.inject({
        method: "PATCH",
        url: "/api/profile/edit",
        headers: (await signUpUser(first, { firstName: "Third", skills: ["x", "q", "r"] })).headers,
        payload: { firstName: "Renamed" },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await page(second, viewer, null, 50)).names).toEqual(["Renamed", "Late", "Early"]);
      release();
      await slow;
      expect((await page(second, viewer, null, 50)).names).toEqual(["Early", "Renamed", "Late"]);
    });
  },
);
