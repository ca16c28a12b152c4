import type { Meetup, Notification } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, connectedPair, createTestApp, type Session } from "../../../test/helpers.ts";

const HOUR = 60 * 60_000;

// The app's clock, moved by the test: days in the past, so that the reminders' jobs are due by
// the database's own clock and the handler decides whether their time has come.
let clock = Date.parse("2026-10-05T12:00:00Z");

let app: FastifyInstance;
beforeEach(async () => {
  clock = Date.parse("2026-10-05T12:00:00Z");
  app = await createTestApp({
    now: () => new Date(clock),
    // Manual jobs: the process runs a batch only when the test asks.
    jobs: {
      pollIntervalMs: HOUR,
      leaseMs: 60_000,
      maxAttempts: 3,
      retryBaseMs: 1000,
      batchSize: 50,
    },
  });
});
afterEach(async () => {
  await app.close();
});

async function reminders(who: Session): Promise<Notification[]> {
  const response = await call(app, who, "GET", "/api/notifications?limit=50");
  return (response.json().data as Notification[]).filter((n) => n.kind === "meetup_reminder");
}

async function waitingReminders(): Promise<number> {
  const rows = (await app.db.execute(
    sql`select count(*)::int as n from jobs where kind = 'meetup_reminder'`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0]?.n ?? 0;
}

/** Ana suggests Wednesday 14:00-15:00 UTC to Ben, and he accepts. */
async function acceptedMeetup() {
  const [ana, ben] = await connectedPair(app, ["Ana", "Ben"]);
  const proposed = await call(app, ana, "POST", "/api/meetups", {
    withUserId: ben.me._id,
    start: "2026-10-07T14:00:00.000Z",
    end: "2026-10-07T15:00:00.000Z",
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const meetup = proposed.json().data as Meetup;
  const accepted = await call(app, ben, "POST", `/api/meetups/${meetup._id}/accept`);
  expect(accepted.statusCode).toBe(200);
  return { ana, ben, meetup };
}

describe("meet-up reminders", () => {
  it("tell both 24 h and 1 h before, and not before", async () => {
    const { ana, ben } = await acceptedMeetup();
    await app.jobs.runDueJobs();
    for (const who of [ana, ben]) expect(await reminders(who)).toEqual([]);

    clock = Date.parse("2026-10-06T14:00:00Z");
    await app.jobs.runDueJobs();
    for (const [who, other] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const [notice] = await reminders(who);
      expect(notice?.text).toBe(`Your meet-up with ${other.me.firstName} starts soon`);
    }
    expect(await waitingReminders()).toBe(1);

    clock = Date.parse("2026-10-07T13:00:00Z");
    await app.jobs.runDueJobs();
    expect(await waitingReminders()).toBe(0);
    for (const who of [ana, ben]) expect(await reminders(who)).toHaveLength(1);
  });

  it("say nothing for a meet-up cancelled in between", async () => {
    const { ana, ben, meetup } = await acceptedMeetup();
    const cancelled = await call(app, ben, "POST", `/api/meetups/${meetup._id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    clock = Date.parse("2026-10-07T13:30:00Z");
    await app.jobs.runDueJobs();
    for (const who of [ana, ben]) expect(await reminders(who)).toEqual([]);
    expect(await waitingReminders()).toBe(0);
  });
});
