import type { Notification } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CommunityAccount,
  callCommunity,
  joinAsAccount,
} from "../../../test/community-helpers.ts";
import { call, createTestApp, openTestDatabase, testConfig } from "../../../test/helpers.ts";
import { buildApp } from "../../app.ts";
import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { eventReminderHandler } from "./service.ts";

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

// The app's clock, moved by the test. Jobs are due by the database's own clock, which runs ahead
// of this one, so the handler is what decides whether a reminder's time has come.
const realNow = Date.now();
let clock = realNow - 48 * HOUR;
const startsAt = realNow - HOUR;

const config: Partial<Config> = {
  now: () => new Date(clock),
  communityCreatePerMember: { max: 1000, windowMs: 60_000 },
  // Manual jobs: each process runs a batch only when the test asks.
  jobs: { pollIntervalMs: HOUR, leaseMs: MINUTE, maxAttempts: 3, retryBaseMs: 1000, batchSize: 50 },
};

/**
 * Processes on one database: on PostgreSQL, apps with pools of their own; on PGlite (one
 * connection, in this process), apps sharing the handle. `close` stops one process only.
 */
async function sharedDatabase() {
  if (process.env.TEST_DATABASE_URL) {
    const first = await createTestApp(config);
    return {
      first,
      open: () => createTestApp({ ...config, databaseUrl: first.config.databaseUrl }),
      // The first app drops its database when it closes.
      closeAll: async () => {},
    };
  }
  const handle: DatabaseHandle = await openTestDatabase();
  const shared = { ...handle, close: async () => {} };
  const open = () => buildApp(testConfig(config), { database: shared });
  return { first: await open(), open, closeAll: () => handle.close() };
}

type Person = CommunityAccount;

let database: Awaited<ReturnType<typeof sharedDatabase>>;
let app: FastifyInstance;
const others: FastifyInstance[] = [];

beforeAll(async () => {
  database = await sharedDatabase();
  app = database.first;
});
afterAll(async () => {
  for (const other of others) await other.close();
  await app?.close();
  await database?.closeAll();
});

/** An account in the community (the app is opened before the tests run). */
function account(firstName: string): Promise<Person> {
  return joinAsAccount(app, firstName);
}

async function createEvent(host: Person, date: number, capacity: number | null = null) {
  const response = await callCommunity(app, host, "POST", "/createevent", {
    title: "Study night",
    description: "Chapter 3",
    location: "Room 2",
    date: new Date(date).toISOString(),
    capacity,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id as string;
}

async function going(person: Person, eventId: string) {
  const response = await callCommunity(app, person, "PUT", `/event/${eventId}/rsvp`, {
    status: "going",
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.myRsvp as string;
}

/** The person's unread event reminders, by the event they are about. */
async function unreadReminders(person: Person): Promise<string[]> {
  const response = await call(app, person, "GET", "/api/notifications?limit=50");
  expect(response.statusCode).toBe(200);
  return (response.json().data as Notification[])
    .filter((n) => n.kind === "event_reminder" && n.readAt === null)
    .map((n) => n.subject._id);
}

async function readAll(person: Person) {
  const response = await call(app, person, "POST", "/api/notifications/read", { all: true });
  expect(response.statusCode).toBe(200);
}

async function waitingReminders(eventId: string): Promise<string[]> {
  const result = (await app.db.execute(
    sql`select key from jobs where kind = 'event_reminder' and payload->>'eventId' = ${eventId} order by key`,
  )) as unknown as { rows: { key: string }[] };
  return result.rows.map((row) => row.key);
}

describe("event reminders", () => {
  it("go out once each, 24 h and 1 h before, to everyone going, across two processes and a restart", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const cal = await account("Cal");
    const dan = await account("Dan");
    const eventId = await createEvent(ana, startsAt, 3);
    expect(await going(ben, eventId)).toBe("going");
    expect(await going(cal, eventId)).toBe("going");
    expect(await going(dan, eventId)).toBe("waitlisted");
    expect(await waitingReminders(eventId)).toEqual([
      `event_reminder:${eventId}:1h`,
      `event_reminder:${eventId}:24h`,
    ]);
    const people = [ana, ben, cal, dan];
    const second = await database.open();
    others.push(second);

    // Two days before: nothing is due yet, whoever looks.
    await Promise.all([app.jobs.runDueJobs(), second.jobs.runDueJobs()]);
    for (const person of people) expect(await unreadReminders(person)).toEqual([]);

    // A minute past 24 hours before: both processes look at once; one reminder each.
    clock = startsAt - 24 * HOUR + MINUTE;
    await Promise.all([app.jobs.runDueJobs(), second.jobs.runDueJobs()]);
    // The host is reminded too; the person on the waitlist is not.
    for (const person of [ana, ben, cal]) expect(await unreadReminders(person)).toEqual([eventId]);
    expect(await unreadReminders(dan)).toEqual([]);
    expect(await waitingReminders(eventId)).toEqual([`event_reminder:${eventId}:1h`]);
    for (const person of people) await readAll(person);

    // Looking again, in either process, sends nothing more.
    clock += 10 * MINUTE;
    await Promise.all([app.jobs.runDueJobs(), second.jobs.runDueJobs()]);
    for (const person of people) expect(await unreadReminders(person)).toEqual([]);

    // A restart: the second process closes; a new one starts on the same database.
    await second.close();
    others.splice(others.indexOf(second), 1);
    const restarted = await database.open();
    others.push(restarted);
    await restarted.jobs.runDueJobs();
    for (const person of people) expect(await unreadReminders(person)).toEqual([]);

    // A minute past 1 hour before: the second reminder, once, whoever runs it.
    clock = startsAt - HOUR + MINUTE;
    await Promise.all([app.jobs.runDueJobs(), restarted.jobs.runDueJobs()]);
    for (const person of [ana, ben, cal]) expect(await unreadReminders(person)).toEqual([eventId]);
    expect(await unreadReminders(dan)).toEqual([]);
    expect(await waitingReminders(eventId)).toEqual([]);
    for (const person of people) await readAll(person);
    await Promise.all([app.jobs.runDueJobs(), restarted.jobs.runDueJobs()]);
    for (const person of people) expect(await unreadReminders(person)).toEqual([]);
  });

  it("sends none for a cancelled, deleted or moved event, nor one created too late", async () => {
    clock = realNow - 48 * HOUR;
    const eve = await account("Eve");
    const fay = await account("Fay");
    const cancelled = await createEvent(eve, startsAt);
    const deleted = await createEvent(eve, startsAt);
    const moved = await createEvent(eve, startsAt);
    for (const id of [cancelled, deleted, moved]) expect(await going(fay, id)).toBe("going");
    expect((await callCommunity(app, eve, "POST", `/event/${cancelled}/cancel`)).statusCode).toBe(
      200,
    );
    expect(await waitingReminders(cancelled)).toEqual([]);
    const deleting = await callCommunity(app, eve, "DELETE", `/event/${deleted}`);
    expect(deleting.statusCode).toBe(200);
    expect(await waitingReminders(deleted)).toEqual([]);
    // Moved by an hour (no call moves an event yet; the reminder must notice on its own).
    await app.db.execute(
      sql`update community_events set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour' where id = ${moved}`,
    );
    for (const person of [eve, fay]) await readAll(person);

    clock = startsAt - 24 * HOUR + MINUTE;
    await app.jobs.runDueJobs();
    clock = startsAt - HOUR + MINUTE;
    await app.jobs.runDueJobs();
    expect(await unreadReminders(fay)).toEqual([]);
    expect(await waitingReminders(moved)).toEqual([]);

    // Created 30 minutes before it starts: both reminder times have passed, so none waits.
    const late = await createEvent(eve, clock + 30 * MINUTE);
    expect(await waitingReminders(late)).toEqual([]);
    // Created 2 hours before: only the 1-hour one.
    const soon = await createEvent(eve, clock + 2 * HOUR);
    expect(await waitingReminders(soon)).toEqual([`event_reminder:${soon}:1h`]);
  });

  it("after an outage through the 24-hour mark, only the 1-hour reminder goes", async () => {
    clock = realNow - 48 * HOUR;
    const ivy = await account("Ivy");
    const jon = await account("Jon");
    const eventId = await createEvent(ivy, startsAt);
    expect(await going(jon, eventId)).toBe("going");
    await readAll(jon);
    const toldJon = async () => {
      const result = (await app.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'notify' and payload->>'userId' = ${jon.id}`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n;
    };
    const before = await toldJon();
    clock = startsAt - HOUR + MINUTE;
    await app.jobs.runDueJobs();
    expect(await unreadReminders(jon)).toEqual([eventId]);
    // One notification made (each queues one delivery), not two grouped into one.
    expect(await toldJon()).toBe((before ?? 0) + 1);
    expect(await waitingReminders(eventId)).toEqual([]);
  });

  it("a worker whose claim has lapsed sends nothing and leaves the job to the one holding it", async () => {
    clock = realNow - 48 * HOUR;
    const gus = await account("Gus");
    const hal = await account("Hal");
    const eventId = await createEvent(gus, startsAt);
    expect(await going(hal, eventId)).toBe("going");
    await readAll(hal);
    const result = (await app.db.execute(
      sql`select id, kind, key, payload from jobs where key = ${`event_reminder:${eventId}:24h`}`,
    )) as unknown as {
      rows: { id: string; kind: string; key: string; payload: Record<string, unknown> }[];
    };
    const row = result.rows[0];
    if (!row) throw new Error("no reminder job");
    clock = startsAt - 24 * HOUR + MINUTE;
    // Another worker claimed it since (its attempt number moved on): this run's write misses.
    const outcome = await eventReminderHandler(app)({
      job: { ...row, attempts: 99 },
      log: app.log,
      signal: new AbortController().signal,
    });
    expect(outcome).toBeUndefined();
    expect(await unreadReminders(hal)).toEqual([]);
    expect(await waitingReminders(eventId)).toEqual([
      `event_reminder:${eventId}:1h`,
      `event_reminder:${eventId}:24h`,
    ]);
    await app.jobs.runDueJobs();
    expect(await unreadReminders(hal)).toEqual([eventId]);
  });
});
