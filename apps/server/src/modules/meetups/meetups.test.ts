import type { ChatMessage, Meetup, Notification } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callCommunity } from "../../../test/community-helpers.ts";
import {
  call,
  connectedPair,
  continueAs,
  createTestApp,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";

// A time to meet: a private week of free hours, the overlap of two, and meet-ups proposed in
// the chat. The clock is Tuesday 1 December 2026, 12:00 UTC (Madrid UTC+1, New York UTC-5).
const NOW = Date.parse("2026-12-01T12:00:00Z");

let app: FastifyInstance;
beforeEach(async () => {
  app = await createTestApp({ now: () => new Date(NOW) });
});
afterEach(async () => {
  await app.close();
});

async function inZone(who: Session, timeZone: string) {
  const saved = await call(app, who, "PUT", "/api/account/settings", { timeZone });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function setWeek(who: Session, slots: { day: number; hour: number }[]) {
  const saved = await call(app, who, "PUT", "/api/account/availability", { slots });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data as { slots: { day: number; hour: number }[]; timeZone: string };
}

/** Ana in Madrid and Ben in New York, connected. */
async function anaAndBen() {
  const [ana, ben] = await connectedPair(app, ["Ana", "Ben"]);
  await inZone(ana, "Europe/Madrid");
  await inZone(ben, "America/New_York");
  return { ana, ben };
}

const propose = (from: Session, body: Record<string, unknown>) =>
  call(app, from, "POST", "/api/meetups", body);

describe("availability", () => {
  it("is the person's own week, saved whole, in their zone", async () => {
    const { ana } = await anaAndBen();
    const saved = await setWeek(ana, [
      { day: 1, hour: 16 },
      { day: 1, hour: 15 },
      { day: 1, hour: 15 },
    ]);
    expect(saved).toEqual({
      slots: [
        { day: 1, hour: 15 },
        { day: 1, hour: 16 },
      ],
      timeZone: "Europe/Madrid",
    });
    const read = await call(app, ana, "GET", "/api/account/availability");
    expect(read.json().data).toEqual(saved);
    expect((await setWeek(ana, [])).slots).toEqual([]);
  });

  it("answers 400 for a slot that is not a day and an hour", async () => {
    const { ana } = await anaAndBen();
    for (const slots of [
      [{ day: 7, hour: 1 }],
      [{ day: 0, hour: 24 }],
      [{ day: -1, hour: 1 }],
      [{ day: 1.5, hour: 1 }],
      [{ day: "1", hour: 1 }],
      "all",
      Array.from({ length: 400 }, () => ({ day: 0, hour: 0 })),
    ]) {
      const response = await call(app, ana, "PUT", "/api/account/availability", { slots });
      expect(response.statusCode, JSON.stringify(slots).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
  });
});

describe("GET /api/chat/:userId/overlap", () => {
  it("gives the hours both are free in the next 14 days, each in their own zone", async () => {
    const { ana, ben } = await anaAndBen();
    // Mondays 15:00-18:00 in Madrid, and 09:00-11:00 in New York: 15:00-17:00 Madrid, both.
    await setWeek(
      ana,
      [15, 16, 17].map((hour) => ({ day: 1, hour })),
    );
    await setWeek(
      ben,
      [9, 10].map((hour) => ({ day: 1, hour })),
    );
    const expected = [
      { start: "2026-12-07T14:00:00.000Z", end: "2026-12-07T16:00:00.000Z" },
      { start: "2026-12-14T14:00:00.000Z", end: "2026-12-14T16:00:00.000Z" },
    ];
    for (const [me, other] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const response = await call(app, me, "GET", `/api/chat/${other.me._id}/overlap`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual(expected);
    }
  });

  it("is for connections only: 403 for anyone else, and nothing of the week shows", async () => {
    const { ana } = await anaAndBen();
    const stranger = await signUpUser(app, { firstName: "Cy" });
    await setWeek(ana, [{ day: 1, hour: 15 }]);
    for (const id of [ana.me._id, "not-an-id", "00000000-0000-0000-0000-000000000000"]) {
      const response = await call(app, stranger, "GET", `/api/chat/${id}/overlap`);
      expect(response.statusCode, id).toBe(403);
      expect(response.json()).toMatchObject({ status: 0, code: "NOT_CONNECTED" });
    }
  });
});

describe("meet-ups", () => {
  const slot = {
    start: "2026-12-07T14:00:00.000Z",
    end: "2026-12-07T15:00:00.000Z",
    place: "Café Central",
    note: "Bring the guitar",
  };

  async function messagesOf(who: Session, other: Session): Promise<ChatMessage[]> {
    const response = await call(app, who, "GET", `/api/chat/${other.me._id}/messages`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.messages as ChatMessage[];
  }

  async function notices(who: Session, kind: string): Promise<number> {
    const response = await call(app, who, "GET", "/api/notifications?limit=50");
    return (response.json().data as Notification[]).filter((n) => n.kind === kind).length;
  }

  async function waitingReminders(): Promise<string[]> {
    const rows = (await app.db.execute(
      sql`select key from jobs where kind = 'meetup_reminder' order by key`,
    )) as unknown as { rows: { key: string }[] };
    return rows.rows.map((row) => row.key.split(":").pop() as string);
  }

  it("is proposed in the chat, accepted by the other, with reminders and an .ics for both", async () => {
    const { ana, ben } = await anaAndBen();
    const proposed = await propose(ana, { withUserId: ben.me._id, ...slot });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const meetup = proposed.json().data as Meetup;
    expect(meetup).toMatchObject({
      proposedBy: ana.me._id,
      proposedTo: ben.me._id,
      start: slot.start,
      end: slot.end,
      place: "Café Central",
      link: null,
      note: "Bring the guitar",
      state: "proposed",
    });
    // Both see the proposal in their chat, carrying the meet-up.
    for (const [me, other] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const [message] = (await messagesOf(me, other)).slice(-1);
      expect(message).toMatchObject({ text: "Suggested a time to meet", meetup });
    }
    // Only Ben answers it.
    const byAna = await call(app, ana, "POST", `/api/meetups/${meetup._id}/accept`);
    expect(byAna.statusCode).toBe(403);
    const accepted = await call(app, ben, "POST", `/api/meetups/${meetup._id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ state: "accepted" });
    expect((await messagesOf(ana, ben)).at(-1)?.meetup?.state).toBe("accepted");
    expect(await notices(ana, "meetup_accepted")).toBe(1);
    expect(await waitingReminders()).toEqual(["1h", "24h"]);
    const again = await call(app, ben, "POST", `/api/meetups/${meetup._id}/decline`);
    expect(again.statusCode).toBe(409);

    for (const who of [ana, ben]) {
      const file = await call(app, who, "GET", `/api/meetups/${meetup._id}/calendar.ics`);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toContain("text/calendar");
      expect(file.body).toContain("DTSTART:20261207T140000Z");
      expect(file.body).toContain("DTEND:20261207T150000Z");
      expect(file.body).toContain("STATUS:CONFIRMED");
      expect(file.body).toContain("LOCATION:Café Central");
    }
    const stranger = await signUpUser(app, { firstName: "Cy" });
    const theirs = await call(app, stranger, "GET", `/api/meetups/${meetup._id}/calendar.ics`);
    expect(theirs.statusCode).toBe(404);
    // It is in Ben's private calendar feed beside his events, with its real end.
    const member = { authorization: `Bearer ${(await continueAs(app, ben.headers)).token}` };
    const address = (await callCommunity(app, member, "GET", "/calendar")).json().data.url;
    const feed = await app.inject({ method: "GET", url: new URL(address).pathname });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.body).toContain("SUMMARY:Meet-up with Ana");
    expect(feed.body).toContain("DTEND:20261207T150000Z");

    // Either may cancel; the other is told, and the reminders go.
    const cancelled = await call(app, ana, "POST", `/api/meetups/${meetup._id}/cancel`);
    expect(cancelled.json().data).toMatchObject({ state: "cancelled", cancelledBy: ana.me._id });
    expect(await notices(ben, "meetup_cancelled")).toBe(1);
    expect(await waitingReminders()).toEqual([]);
    const twice = await call(app, ben, "POST", `/api/meetups/${meetup._id}/cancel`);
    expect(twice.statusCode).toBe(409);
  });

  it("can be declined, and the proposer is told", async () => {
    const { ana, ben } = await anaAndBen();
    const meetup = (await propose(ben, { withUserId: ana.me._id, ...slot })).json().data as Meetup;
    const declined = await call(app, ana, "POST", `/api/meetups/${meetup._id}/decline`);
    expect(declined.json().data).toMatchObject({ state: "declined" });
    expect(await notices(ben, "meetup_declined")).toBe(1);
    expect(await waitingReminders()).toEqual([]);
  });

  it("answers 400 for a time that cannot be, and 403 to someone not connected", async () => {
    const { ana, ben } = await anaAndBen();
    const stranger = await signUpUser(app, { firstName: "Cy" });
    for (const body of [
      { ...slot, end: slot.start },
      { ...slot, start: "2026-11-30T10:00:00.000Z", end: "2026-11-30T11:00:00.000Z" },
      { ...slot, end: "2026-12-08T14:00:00.000Z" },
      { ...slot, start: "2027-06-01T10:00:00.000Z", end: "2027-06-01T11:00:00.000Z" },
      { ...slot, link: "javascript:alert(1)" },
      { ...slot, note: "a\u0000b" },
      { ...slot, place: "x".repeat(121) },
      { ...slot, start: "tomorrow" },
      { ...slot, withUserId: 42 },
      { ...slot, extra: true },
    ]) {
      const response = await propose(ana, { withUserId: ben.me._id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ status: 0 });
    }
    const toStranger = await propose(ana, { withUserId: stranger.me._id, ...slot });
    expect(toStranger.statusCode).toBe(403);
    for (const action of ["accept", "decline", "cancel"]) {
      for (const id of ["not-an-id", "00000000-0000-0000-0000-000000000000"]) {
        const response = await call(app, ana, "POST", `/api/meetups/${id}/${action}`);
        expect(response.statusCode, `${action} ${id}`).toBe(404);
      }
    }
  });
});
