import type { FeedCard, Notification } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createTestApp,
  logIn,
  openTestDatabase,
  type Session,
  signUpUser,
  testConfig,
} from "../../../test/helpers.ts";
import { buildApp } from "../../app.ts";
import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { selectRows } from "../../db/rows.ts";
import { PICKS_PER_DAY } from "./matching.ts";
import { makePicks } from "./service.ts";

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

// The app's clock, moved by the test: a day in the past, so that the jobs queued for its times
// are due by the database's own clock, and the handler decides whether 09:00 has come.
// 2026-10-20: New York is UTC-4 (09:00 is 13:00Z), Tokyo UTC+9 (09:00 is 00:00Z).
let clock = Date.parse("2026-10-20T12:59:00Z");

const config: Partial<Config> = {
  now: () => new Date(clock),
  // Manual jobs: each process runs a batch only when the test asks.
  jobs: { pollIntervalMs: HOUR, leaseMs: MINUTE, maxAttempts: 3, retryBaseMs: 1000, batchSize: 50 },
};

/** Processes on one database (PostgreSQL: pools of their own; PGlite: one shared handle). */
async function twoProcesses(): Promise<{ first: FastifyInstance; second: FastifyInstance }> {
  if (process.env.TEST_DATABASE_URL) {
    const first = await createTestApp(config);
    const second = await createTestApp({ ...config, databaseUrl: first.config.databaseUrl });
    return { first, second };
  }
  const handle: DatabaseHandle = await openTestDatabase();
  const shared = { ...handle, close: async () => {} };
  const first = await buildApp(testConfig(config), { database: shared });
  const second = await buildApp(testConfig(config), { database: shared });
  first.addHook("onClose", () => handle.close());
  return { first, second };
}

let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  ({ first, second } = await twoProcesses());
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function join(
  firstName: string,
  skills: string[],
  learning: string[],
  timeZone: string,
): Promise<Session> {
  const session = await signUpUser(first, { firstName, skills, learning });
  const saved = await call(first, session, "PUT", "/api/account/settings", { timeZone });
  expect(saved.statusCode, saved.body).toBe(200);
  return session;
}

/** The person's picks of today, as one process or the other answers. */
async function picksOf(person: Session, on: FastifyInstance = first) {
  const response = await call(on, person, "GET", "/api/picks");
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: FeedCard[]; date: string };
  return { names: body.data.map((card) => card.firstName), cards: body.data, date: body.date };
}

async function picksNotices(person: Session): Promise<number> {
  const response = await call(first, person, "GET", "/api/notifications?limit=50");
  return (response.json().data as Notification[]).filter((n) => n.kind === "daily_picks").length;
}

const runJobs = () => Promise.all([first.jobs.runDueJobs(), second.jobs.runDueJobs()]);

describe("daily picks", () => {
  it("come at 09:00 in each person's zone, once a day, with nobody in more than 3 people's", async () => {
    const newYork = "America/New_York";
    // Star can teach Guitar and wants Python: everyone below ranks her first.
    const star = await join("Star", ["Guitar", "Jazz", "Harmony"], ["Python"], newYork);
    const learners: Session[] = [];
    for (const name of ["Pia", "Quin", "Rex", "Sol", "Tao"]) {
      learners.push(await join(name, ["Python", `${name} A`, `${name} B`], ["Guitar"], newYork));
    }
    // Three who teach Guitar and want nothing: with two, ties broken by a hash of people's random
    // ids left a learner with two picks in about one run of fifty (the stable matching fills
    // every list only when there is room to spare); with three, never in 40,000 simulated runs.
    await join("Yan", ["Guitar", "Yoga", "Yodel"], [], newYork);
    await join("Zed", ["Guitar", "Zither", "Zen"], [], newYork);
    await join("Uma", ["Guitar", "Ukulele", "Urdu"], [], newYork);
    const tokyo = await join("Toki", ["Python", "Go", "Tea"], ["Guitar"], "Asia/Tokyo");
    const everyone = [star, ...learners, tokyo];

    // 08:59 in New York (21:59 in Tokyo, after its 09:00): Toki's picks of the 20th are made,
    // nobody's in New York yet, whichever process looks.
    for (const person of everyone) await picksOf(person, second);
    await runJobs();
    await runJobs();
    for (const person of [star, ...learners]) {
      expect(await picksOf(person)).toMatchObject({ names: [], date: "2026-10-20" });
      expect(await picksNotices(person)).toBe(0);
    }
    const tokis = await picksOf(tokyo);
    expect(tokis.names).toHaveLength(PICKS_PER_DAY);
    expect(tokis.names[0]).toBe("Star");
    expect(tokis.cards[0]?.exchange).toEqual({ teachesMe: ["Guitar"], learnsFromMe: ["Python"] });

    // 09:00 in New York: both processes run the jobs at once; each person gets up to 3, once.
    clock = Date.parse("2026-10-20T13:00:00Z");
    await runJobs();
    await runJobs();
    const picks = new Map<string, string[]>();
    for (const [index, person] of everyone.entries()) {
      const { names, date } = await picksOf(person, index % 2 === 0 ? first : second);
      expect(date).toBe("2026-10-20");
      expect(names.length).toBeLessThanOrEqual(PICKS_PER_DAY);
      picks.set(person.me.firstName, names);
    }
    for (const person of learners) {
      expect(picks.get(person.me.firstName)).toHaveLength(PICKS_PER_DAY);
      expect(await picksNotices(person)).toBe(1);
    }
    const counts = new Map<string, number>();
    for (const names of picks.values()) {
      for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    // Everyone ranks Star first, and others could be picked instead: she is in exactly 3.
    expect(counts.get("Star")).toBe(PICKS_PER_DAY);
    for (const [name, count] of counts) expect(count, name).toBeLessThanOrEqual(PICKS_PER_DAY);
    expect(tokis.names).toEqual((await picksOf(tokyo)).names);

    // Later the same day (10:30 in New York, 23:30 in Tokyo): the same picks, however often
    // the jobs run.
    clock = Date.parse("2026-10-20T14:30:00Z");
    await runJobs();
    for (const person of everyone) {
      expect((await picksOf(person)).names).toEqual(picks.get(person.me.firstName));
    }
    for (const person of learners) expect(await picksNotices(person)).toBe(1);

    // 09:00 of the 21st in Tokyo (20:00 of the 20th in New York): Toki's next picks only.
    clock = Date.parse("2026-10-21T00:00:00Z");
    await runJobs();
    await runJobs();
    const nextDay = await picksOf(tokyo);
    expect(nextDay.date).toBe("2026-10-21");
    expect(nextDay.names).toHaveLength(PICKS_PER_DAY);
    for (const person of [star, ...learners]) {
      const today = await picksOf(person);
      expect(today.date).toBe("2026-10-20");
      expect(today.names).toEqual(picks.get(person.me.firstName));
    }
  });

  it("a zone's people are picked a batch at a time, each batch's picks counting in the next", async () => {
    const lisbon = "Europe/Lisbon";
    // Ana can teach Cello and wants Rust: the seven below rank her first.
    await join("Ana", ["Cello", "Fado", "Surf"], ["Rust"], lisbon);
    for (const name of ["Bia", "Caio", "Duda", "Enzo", "Fabi", "Gui", "Hugo"]) {
      await join(name, ["Rust", `${name} A`, `${name} B`], ["Cello"], lisbon);
    }
    const day = "2026-10-21";
    const runs: { made: number; more: boolean }[] = [];
    let after: string | null = null;
    do {
      const run = await makePicks(first, lisbon, day, { after, batch: 3 });
      runs.push({ made: run.made, more: run.after !== null });
      after = run.after;
    } while (after !== null);
    expect(runs).toEqual([
      { made: 3, more: true },
      { made: 3, more: true },
      { made: 2, more: false },
    ]);
    // A run from the start again finds nobody left.
    expect(await makePicks(first, lisbon, day, { batch: 3 })).toEqual({ made: 0, after: null });
    // Ana is in three people's picks over all the batches, not three of each batch's.
    const rows = await selectRows<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from daily_picks p join users u on u.id = p.pick_id
          where p.day = ${day} and u.first_name = 'Ana' and u.time_zone = ${lisbon}`,
    );
    expect(rows[0]?.n).toBe(PICKS_PER_DAY);
  });

  it("the job makes picks for people signed in somewhere; one signed out gets theirs on return, within the cap", async () => {
    const berlin = "Europe/Berlin";
    // 08:59 of the 22nd in Berlin (06:59Z, summer time).
    clock = Date.parse("2026-10-22T06:59:00Z");
    // Kai can teach Drums and wants Go: the four below rank him first. Pat and Rob teach Drums.
    await join("Kai", ["Drums", "Bass", "Funk"], ["Go"], berlin);
    const [lea, max, nia, ole] = await Promise.all(
      ["Lea", "Max", "Nia", "Ole"].map((name) =>
        join(name, ["Go", `${name} A`, `${name} B`], ["Drums"], berlin),
      ),
    );
    await join("Pat", ["Drums", "Polka", "Pipes"], [], berlin);
    await join("Rob", ["Drums", "Rock", "Reggae"], [], berlin);
    if (!lea || !max || !nia || !ole) throw new Error("four learners");
    // Opening the app before 09:00 shows no picks yet, and queues the zone's job.
    expect((await picksOf(ole)).names).toEqual([]);
    // Ole signs out on his only device: the job passes him by.
    expect((await call(first, ole, "POST", "/api/logout")).statusCode).toBe(200);

    // 09:00 in Berlin: both processes run the jobs.
    clock = Date.parse("2026-10-22T07:00:00Z");
    await runJobs();
    await runJobs();
    for (const person of [lea, max, nia]) {
      expect(await picksNotices(person)).toBe(1);
      const { names, date } = await picksOf(person);
      expect(date).toBe("2026-10-22");
      expect(names[0]).toBe("Kai");
    }

    // He signs in again at 11:00 and looks: his picks are made then, without a notice, and Kai,
    // already in three people's picks, is not among them.
    clock = Date.parse("2026-10-22T09:00:00Z");
    const back = { me: ole.me, headers: await logIn(first, ole.me.emailId) };
    const picks = await picksOf(back, second);
    expect(picks.date).toBe("2026-10-22");
    expect(picks.names).toHaveLength(PICKS_PER_DAY);
    expect(picks.names).not.toContain("Kai");
    expect((await picksOf(back)).names).toEqual(picks.names);
    expect(await picksNotices(back)).toBe(0);
  });

  it("picks made at once for many people who look at the same moment keep anyone in at most 3", async () => {
    const singapore = "Asia/Singapore";
    // Vee can teach Sitar and wants Rust: the six below rank her first, and share Rust.
    await join("Vee", ["Sitar", "Tabla", "Raga"], ["Rust"], singapore);
    const learners = await Promise.all(
      ["Ari", "Bo", "Cy", "Di", "Ed", "Fi"].map((name) =>
        join(name, ["Rust", `${name} A`, `${name} B`], ["Sitar"], singapore),
      ),
    );
    // They open the app before 09:00 (00:59Z on the 23rd), then sign out: the zone's job, run at
    // 09:00, makes none of their picks.
    clock = Date.parse("2026-10-23T00:59:00Z");
    for (const person of learners) {
      expect((await picksOf(person)).names).toEqual([]);
      expect((await call(first, person, "POST", "/api/logout")).statusCode).toBe(200);
    }
    clock = Date.parse("2026-10-23T01:00:00Z");
    await runJobs();
    const back = await Promise.all(
      learners.map(async (person) => ({
        me: person.me,
        headers: await logIn(first, person.me.emailId),
      })),
    );
    // All six open the app at the same moment, on both processes.
    const picks = await Promise.all(
      back.map((person, index) => picksOf(person, index % 2 === 0 ? first : second)),
    );
    const counts = new Map<string, number>();
    for (const { names, date } of picks) {
      expect(date).toBe("2026-10-23");
      expect(names).toHaveLength(PICKS_PER_DAY);
      for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(counts.get("Vee")).toBe(PICKS_PER_DAY);
    for (const [name, count] of counts) expect(count, name).toBeLessThanOrEqual(PICKS_PER_DAY);
  });
});
