import { randomUUID } from "node:crypto";
import type { CommunityEvent, EventDetail, EventListItem } from "@kindred/shared";
import { EVENT_MESSAGES } from "@kindred/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type CommunityPerson,
  communityKit,
  inDays,
  joinWithUsername,
} from "../../../test/community-helpers.ts";
import {
  appsForFile,
  MANUAL_JOBS,
  metaOf,
  openPage,
  titleOf,
  webDistForFile,
} from "../../../test/helpers.ts";
import { communityEvents } from "../../db/schema.ts";

type Person = CommunityPerson;

const openApp = appsForFile();
const app = await openApp({
  communityCreatePerMember: { max: 1000, windowMs: 60_000 },
  jobs: MANUAL_JOBS,
  webDistDir: webDistForFile(),
});

const { account, usernameMember, call, block, notificationsOf } = communityKit(app, {
  usernamePrefix: "ev",
});

async function createEvent(
  host: Person,
  extra: Record<string, unknown> = {},
  target = app,
): Promise<EventDetail> {
  const response = await call(
    host,
    "POST",
    "/createevent",
    { title: "Meetup", description: "Talks", location: "Library", date: inDays(7), ...extra },
    target,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function rsvp(person: Person, eventId: string, status: string, target = app) {
  return call(person, "PUT", `/event/${eventId}/rsvp`, { status }, target);
}

async function eventAs(person: Person, eventId: string): Promise<EventDetail> {
  const response = await call(person, "GET", `/event/${eventId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe("events", () => {
  it("creates an event from an ISO 8601 date-time with Z or an offset", async () => {
    const member = await usernameMember();
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
    const member = await usernameMember();
    const valid = { title: "t", description: "d", date: inDays(3), location: "l" };
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

describe("creating an event", () => {
  it("stores the date with its offset, a capacity, and the host going", async () => {
    const host = await usernameMember();
    const event = await createEvent(host, { date: "2099-05-17T18:00:00+02:00", capacity: 2 });
    expect(event).toMatchObject({
      title: "Meetup",
      date: "2099-05-17T16:00:00.000Z",
      utcOffset: "+02:00",
      capacity: 2,
      going: 1,
      waitlisted: 0,
      myRsvp: "going",
      myPosition: null,
      cancelledAt: null,
      groupId: null,
      u_id: host.id,
      host: { _id: host.id },
    });
    expect(event.host.name).toMatch(/^ev-/);
    expect(event.attendees).toEqual([event.host]);

    const unlimited = await createEvent(host, { date: "2099-06-01T09:30:00Z", capacity: null });
    expect(unlimited).toMatchObject({ capacity: null, utcOffset: "Z" });
    expect((await createEvent(host, { date: "2099-06-01T09:30:00-05:30" })).utcOffset).toBe(
      "-05:30",
    );
  });

  it("refuses a capacity that is not a whole number from 1 to 100,000, and bad dates", async () => {
    const host = await usernameMember();
    const valid = { title: "t", description: "d", date: inDays(3), location: "l" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, capacity: 0 }, "capacity"],
      [{ ...valid, capacity: -1 }, "capacity"],
      [{ ...valid, capacity: 1.5 }, "capacity"],
      [{ ...valid, capacity: "2" }, "capacity"],
      [{ ...valid, capacity: 100_001 }, "capacity"],
      [{ ...valid, capacity: 1e300 }, "capacity"],
      [{ ...valid, capacity: true }, "capacity"],
      [{ ...valid, date: "tomorrow" }, "date"],
      [{ ...valid, date: "2099-02-30T10:00:00Z" }, "date"],
      [{ ...valid, date: "2099-05-17T18:00:00" }, "date"],
      [{ ...valid, date: "2099-05-17T18:00:00+25:00" }, "date"],
      [{ ...valid, date: `2099-05-17T18:00:00Z\u0000` }, "date"],
      [{ ...valid, date: "" }, "date"],
      [{ ...valid, groupId: 5 }, "groupId"],
    ];
    for (const [payload, field] of cases) {
      const response = await call(host, "POST", "/createevent", payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().errors[0].path).toBe(field);
    }
    const largest = await call(host, "POST", "/createevent", { ...valid, capacity: 100_000 });
    expect(largest.statusCode).toBe(201);
    expect(largest.json().data.capacity).toBe(100_000);
  });

  it("creates an event in a study group only for one of its members", async () => {
    const host = await usernameMember();
    const outsider = await usernameMember();
    const rows = (await app.db.execute(sql`
      insert into study_groups (author_id, name, description, tag)
      values (${host.id}, 'Algorithms', 'Weekly', 'DSA') returning id
    `)) as unknown as { rows: { id: string }[] };
    const groupId = rows.rows[0]?.id as string;
    await app.db.execute(sql`
      insert into study_group_members (group_id, member_id) values (${groupId}, ${host.id})
      on conflict do nothing
    `);
    expect((await createEvent(host, { groupId: groupId.toUpperCase() })).groupId).toBe(groupId);

    const body = { title: "t", description: "d", date: inDays(3), location: "l" };
    const refused = await call(outsider, "POST", "/createevent", { ...body, groupId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(EVENT_MESSAGES.groupNotMember);
    for (const unknown of [randomUUID(), "not-a-uuid"]) {
      const response = await call(host, "POST", "/createevent", { ...body, groupId: unknown });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(EVENT_MESSAGES.groupNotFound);
    }
  });
});

describe("an event's page", () => {
  it("answers 404 for an unknown id, one that is not a uuid, and across a block both ways", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const cal = await account("Cal");
    const event = await createEvent(ana);
    expect((await rsvp(cal, event._id, "going")).statusCode).toBe(200);
    for (const id of [randomUUID(), "not-a-uuid", "x".repeat(100)]) {
      const response = await call(ben, "GET", `/event/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().status).toBe(0);
    }
    expect((await call(ben, "GET", `/event/${event._id.toUpperCase()}`)).statusCode).toBe(200);

    await block(ben, ana);
    expect((await call(ben, "GET", `/event/${event._id}`)).statusCode).toBe(404);
    expect((await call(ana, "GET", `/event/${event._id}`)).statusCode).toBe(200);
    expect((await rsvp(ben, event._id, "going")).statusCode).toBe(404);
    // A block hides the pair's events from each other, and each from the other's list of people.
    await block(cal, ben);
    const calsEvent = await createEvent(cal);
    expect((await rsvp(ben, calsEvent._id, "going")).statusCode).toBe(404);
    const danEvent = await createEvent(await usernameMember());
    expect((await rsvp(ben, danEvent._id, "going")).statusCode).toBe(200);
    expect((await rsvp(cal, danEvent._id, "going")).statusCode).toBe(200);
    const seenByCal = await eventAs(cal, danEvent._id);
    expect(seenByCal.going).toBe(3);
    expect(seenByCal.attendees.map((person) => person._id)).not.toContain(ben.id);
    expect(seenByCal.attendees.map((person) => person._id)).toContain(cal.id);
    const seenByBen = await eventAs(ben, danEvent._id);
    expect(seenByBen.attendees.map((person) => person._id)).not.toContain(cal.id);
  });
});

describe("answering", () => {
  it("capacity 2: the third person is waitlisted and moves up, told, when someone going cancels", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const cal = await account("Cal");
    const dan = await account("Dan");
    const event = await createEvent(ana, { capacity: 2 });

    const benGoing = await rsvp(ben, event._id, "going");
    expect(benGoing.statusCode).toBe(200);
    expect(benGoing.json()).toMatchObject({
      status: 1,
      message: EVENT_MESSAGES.going,
      data: { myRsvp: "going", myPosition: null, going: 2, waitlisted: 0 },
    });
    const calWaiting = await rsvp(cal, event._id, "going");
    expect(calWaiting.json()).toMatchObject({
      message: EVENT_MESSAGES.waitlisted,
      data: { myRsvp: "waitlisted", myPosition: 1, going: 2, waitlisted: 1 },
    });
    expect((await rsvp(dan, event._id, "going")).json().data).toEqual({
      myRsvp: "waitlisted",
      myPosition: 2,
      going: 2,
      waitlisted: 2,
    });
    // Asking again changes nothing (no second place, no new position).
    expect((await rsvp(cal, event._id, "going")).json().data.myPosition).toBe(1);
    expect(await eventAs(cal, event._id)).toMatchObject({ myRsvp: "waitlisted", myPosition: 1 });
    expect((await notificationsOf(cal)).filter((n) => n.kind === "event_promoted")).toEqual([]);

    const benLeaves = await rsvp(ben, event._id, "not_going");
    expect(benLeaves.json()).toMatchObject({
      message: EVENT_MESSAGES.notGoing,
      data: { myRsvp: "not_going", myPosition: null, going: 2, waitlisted: 1 },
    });
    expect(await eventAs(cal, event._id)).toMatchObject({
      myRsvp: "going",
      myPosition: null,
      going: 2,
      waitlisted: 1,
    });
    expect(await eventAs(dan, event._id)).toMatchObject({ myRsvp: "waitlisted", myPosition: 1 });
    const told = (await notificationsOf(cal)).filter((n) => n.kind === "event_promoted");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      subject: { type: "event", _id: event._id },
      url: `/services/events/${event._id}`,
      readAt: null,
    });
    // Nobody else was told; a waitlisted person leaving moves nobody.
    expect((await notificationsOf(dan)).filter((n) => n.kind === "event_promoted")).toEqual([]);
    expect((await rsvp(dan, event._id, "not_going")).json().data).toEqual({
      myRsvp: "not_going",
      myPosition: null,
      going: 2,
      waitlisted: 0,
    });
    // Not going twice is still not going.
    expect((await rsvp(dan, event._id, "not_going")).statusCode).toBe(200);
    const page = await eventAs(ana, event._id);
    expect(page.attendees.map((person) => person.name)).toEqual(["Ana Tester", "Cal Tester"]);
  });

  it("keeps the host going (409 to not going) and refuses bad bodies and unknown events", async () => {
    const host = await usernameMember();
    const other = await usernameMember();
    const event = await createEvent(host);
    const leaving = await rsvp(host, event._id, "not_going");
    expect(leaving.statusCode).toBe(409);
    expect(leaving.json().message).toBe(EVENT_MESSAGES.hostLeaves);
    for (const payload of [
      {},
      { status: "maybe" },
      { status: "GOING" },
      { status: 1 },
      { status: null },
      { status: "going\u0000" },
      { status: "x".repeat(10_000) },
    ]) {
      const response = await call(other, "PUT", `/event/${event._id}/rsvp`, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    const notJson = await app.inject({
      method: "PUT",
      url: `/api/community/event/${event._id}/rsvp`,
      headers: { authorization: other.authorization, "content-type": "application/json" },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
    for (const id of [randomUUID(), "nope"]) {
      expect((await rsvp(other, id, "going")).statusCode).toBe(404);
    }
    const anonymous = await app.inject({
      method: "PUT",
      url: `/api/community/event/${event._id}/rsvp`,
      payload: { status: "going" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("moves the waitlist up before a newcomer when someone going is gone with their account", async () => {
    const host = await usernameMember();
    const [ben, cal, dan] = [
      await usernameMember(),
      await usernameMember(),
      await usernameMember(),
    ];
    const event = await createEvent(host, { capacity: 2 });
    expect((await rsvp(ben, event._id, "going")).json().data.myRsvp).toBe("going");
    expect((await rsvp(cal, event._id, "going")).json().data.myRsvp).toBe("waitlisted");
    // Ben's membership goes (an account deleted): his answer goes with it, and a place is free.
    await app.db.execute(sql`delete from community_members where id = ${ben.id}`);
    expect((await rsvp(dan, event._id, "going")).json().data).toEqual({
      myRsvp: "waitlisted",
      myPosition: 1,
      going: 2,
      waitlisted: 1,
    });
    expect(await eventAs(cal, event._id)).toMatchObject({ myRsvp: "going", going: 2 });
  });

  it("closes answers once the event has started (409)", async () => {
    const host = await usernameMember();
    const other = await usernameMember();
    const [past] = await app.db
      .insert(communityEvents)
      .values({
        authorId: host.id,
        title: "Yesterday",
        description: "d",
        location: "l",
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() - 82_800_000),
      })
      .returning();
    for (const status of ["going", "not_going"]) {
      const response = await rsvp(other, past?.id as string, status);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(EVENT_MESSAGES.started);
    }
  });

  it("20 people answering at once for 5 places leave exactly 5 going (the host is one) and 16 waiting in order", async () => {
    const host = await usernameMember();
    const event = await createEvent(host, { capacity: 5 });
    const people = await Promise.all(Array.from({ length: 20 }, () => usernameMember()));
    const answers = await Promise.all(people.map((person) => rsvp(person, event._id, "going")));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const mine = answers.map((answer) => answer.json().data);
    expect(mine.filter((data) => data.myRsvp === "going")).toHaveLength(4);
    const positions = mine
      .filter((data) => data.myRsvp === "waitlisted")
      .map((data) => data.myPosition)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(await eventAs(host, event._id)).toMatchObject({ going: 5, waitlisted: 16 });

    // Two leave and three more join at the same moment: still never more than 5 going.
    const going = people.filter((_, i) => mine[i]?.myRsvp === "going").slice(0, 2);
    const newcomers = await Promise.all(Array.from({ length: 3 }, () => usernameMember()));
    const mixed = await Promise.all([
      ...going.map((person) => rsvp(person, event._id, "not_going")),
      ...newcomers.map((person) => rsvp(person, event._id, "going")),
    ]);
    for (const answer of mixed) expect(answer.statusCode).toBe(200);
    const after = await eventAs(host, event._id);
    expect(after).toMatchObject({ going: 5, waitlisted: 17 });
    // The two who moved up were the first two waiting, not the newcomers.
    const firstWaiting = people.filter(
      (_, i) => mine[i]?.myPosition === 1 || mine[i]?.myPosition === 2,
    );
    for (const person of firstWaiting) {
      expect((await eventAs(person, event._id)).myRsvp).toBe("going");
    }
    for (const person of newcomers) {
      expect((await eventAs(person, event._id)).myRsvp).toBe("waitlisted");
    }
  });
});

describe("cancelling and deleting", () => {
  it("the host cancels: the event stays, marked, everyone going or waiting is told, answers close", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const cal = await account("Cal");
    const dan = await account("Dan");
    const event = await createEvent(ana, { capacity: 2 });
    await rsvp(ben, event._id, "going");
    await rsvp(cal, event._id, "going");

    const notHost = await call(ben, "POST", `/event/${event._id}/cancel`);
    expect(notHost.statusCode).toBe(404);
    const cancelled = await call(ana, "POST", `/event/${event._id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(EVENT_MESSAGES.eventCancelled);
    expect(cancelled.json().data.cancelledAt).toEqual(expect.any(String));
    expect((await eventAs(dan, event._id)).cancelledAt).toBe(cancelled.json().data.cancelledAt);

    for (const person of [ben, cal]) {
      const told = (await notificationsOf(person)).filter((n) => n.kind === "event_cancelled");
      expect(told).toHaveLength(1);
      expect(told[0]?.subject._id).toBe(event._id);
    }
    for (const person of [ana, dan]) {
      expect((await notificationsOf(person)).filter((n) => n.kind === "event_cancelled")).toEqual(
        [],
      );
    }
    const again = await call(ana, "POST", `/event/${event._id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EVENT_MESSAGES.alreadyCancelled);
    const late = await rsvp(dan, event._id, "going");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(EVENT_MESSAGES.cancelled);
    for (const id of [randomUUID(), "nope"]) {
      expect((await call(ana, "POST", `/event/${id}/cancel`)).statusCode).toBe(404);
    }
  });

  it("a host without an account cancels: the accounts going or waiting are still told", async () => {
    const host = await usernameMember();
    const ben = await account("Ben");
    const cal = await account("Cal");
    const event = await createEvent(host, { capacity: 2 });
    await rsvp(ben, event._id, "going");
    await rsvp(cal, event._id, "going");
    expect((await call(host, "POST", `/event/${event._id}/cancel`)).statusCode).toBe(200);
    for (const person of [ben, cal]) {
      const told = (await notificationsOf(person)).filter((n) => n.kind === "event_cancelled");
      expect(told.map((n) => n.subject._id)).toEqual([event._id]);
    }
  });

  it("deleting an upcoming event tells the people going; only the author may delete", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const event = await createEvent(ana);
    await rsvp(ben, event._id, "going");
    const denied = await call(ben, "DELETE", `/event/${event._id}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().code).toBe("NOT_FOUND");
    expect((await call(ana, "DELETE", `/event/not-a-uuid`)).statusCode).toBe(404);
    const deleted = await call(ana, "DELETE", `/event/${event._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ _id: event._id });
    expect((await call(ben, "GET", `/event/${event._id}`)).statusCode).toBe(404);
    expect((await call(ana, "DELETE", `/event/${event._id}`)).statusCode).toBe(404);
    const told = (await notificationsOf(ben)).filter((n) => n.kind === "event_cancelled");
    expect(told.map((n) => n.subject._id)).toContain(event._id);
  });
});

describe("the list", () => {
  it("lists upcoming events soonest first, leaves past ones out, and pages through nextCursor", async () => {
    const fresh = await openApp();
    const member = await joinWithUsername(fresh, "ev");
    const now = Date.now();
    await fresh.db.insert(communityEvents).values(
      [-2, -1, 5, 1, 3, 2].map((days) => ({
        authorId: member.id,
        title: `in ${days} days`,
        description: "d",
        location: "l",
        startsAt: new Date(now + days * 86_400_000),
        endsAt: new Date(now + days * 86_400_000 + 3_600_000),
      })),
    );
    const first = await call(member, "GET", "/allevents?limit=2", undefined, fresh);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(["events", "nextCursor"]);
    expect(first.headers["x-next-cursor"]).toBe(body.nextCursor);
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

  it("upcoming soonest first by default, past most recent first, with counts", async () => {
    const fresh = await openApp({
      communityCreatePerMember: { max: 1000, windowMs: 60_000 },
      jobs: MANUAL_JOBS,
    });
    const member = await joinWithUsername(fresh, "ev");
    const now = Date.now();
    await fresh.db.insert(communityEvents).values(
      [-2, -1, 5, 1, 3, 2].map((days) => ({
        authorId: member.id,
        title: `in ${days} days`,
        description: "d",
        location: "l",
        startsAt: new Date(now + days * 86_400_000),
        endsAt: new Date(now + days * 86_400_000 + 3_600_000),
      })),
    );
    const titles = async (query: string) => {
      const response = await call(member, "GET", `/allevents${query}`, undefined, fresh);
      expect(response.statusCode).toBe(200);
      return (response.json().events as EventListItem[]).map((event) => event.title);
    };
    expect(await titles("")).toEqual(["in 1 days", "in 2 days", "in 3 days", "in 5 days"]);
    expect(await titles("?when=upcoming")).toEqual(await titles(""));
    expect(await titles("?when=past")).toEqual(["in -1 days", "in -2 days"]);

    const first = (
      await call(member, "GET", "/allevents?when=past&limit=1", undefined, fresh)
    ).json();
    expect(first.events.map((event: EventListItem) => event.title)).toEqual(["in -1 days"]);
    const second = (
      await call(
        member,
        "GET",
        `/allevents?when=past&limit=1&cursor=${first.nextCursor}`,
        undefined,
        fresh,
      )
    ).json();
    expect(second.events.map((event: EventListItem) => event.title)).toEqual(["in -2 days"]);
    expect(second.nextCursor).toBeNull();

    const created = await createEvent(member, { capacity: 3 }, fresh);
    const listed = (await call(member, "GET", "/allevents?limit=50", undefined, fresh))
      .json()
      .events.find((event: EventListItem) => event._id === created._id);
    expect(listed).toMatchObject({ going: 1, capacity: 3, cancelledAt: null, utcOffset: "Z" });

    for (const query of ["when=soon", "when=", "when=PAST"]) {
      expect((await call(member, "GET", `/allevents?${query}`, undefined, fresh)).statusCode).toBe(
        400,
      );
    }
  });
});

describe("an event's page (what a shared link unfurls to)", () => {
  it("names the event and the first line of its description, escaped; 404 for no such event", async () => {
    const host = await usernameMember();
    const event = await createEvent(host, {
      title: "Quiz <night> & 'friends'",
      description: 'Teams of "four"\nPrizes',
    });
    const page = await openPage(app, `/services/events/${event._id}`);
    expect(page.status).toBe(200);
    expect(titleOf(page.html)).toBe("Quiz &lt;night&gt; &amp; &#39;friends&#39; · Kindred");
    expect(metaOf(page.html, "og:title")).toBe("Quiz &lt;night&gt; &amp; &#39;friends&#39;");
    expect(metaOf(page.html, "og:description")).toBe("Teams of &quot;four&quot;");
    expect(metaOf(page.html, "og:url")).toBe(`http://localhost:7777/services/events/${event._id}`);
    expect(metaOf(page.html, "twitter:card")).toBe("summary");
    expect(page.html).not.toContain("<night>");

    for (const url of [`/services/events/${randomUUID()}`, "/services/events/not-a-uuid"]) {
      const missing = await openPage(app, url);
      expect(missing.status, url).toBe(404);
      expect(titleOf(missing.html)).toBe("Page not found · Kindred");
    }
  });
});
