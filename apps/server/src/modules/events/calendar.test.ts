import { randomUUID } from "node:crypto";
import { EVENT_MESSAGES } from "@kindred/shared";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { type CommunityPerson, communityKit } from "../../../test/community-helpers.ts";
import { appForFile } from "../../../test/helpers.ts";

type Person = CommunityPerson;

const app = await appForFile({ communityCreatePerMember: { max: 1000, windowMs: 60_000 } });

const { account, usernameMember, call } = communityKit(app);

async function createEvent(host: Person, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await call(host, "POST", "/createevent", {
    title: "Study night",
    description: "Chapter 3",
    location: "Room 2",
    date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id;
}

type ParsedEvent = {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  start: string;
  end: string;
  status: string | null;
};

/** The calendar as a calendar app reads it (ical.js), each event's fields. */
function parseCalendar(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: String(component.getFirstPropertyValue("url")),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: (component.getFirstPropertyValue("status") as string | null) ?? null,
    };
  });
}

/** The path of a private calendar address, to fetch it from the app. */
function pathOf(url: string): string {
  const address = new URL(url);
  expect(address.origin).toBe(app.config.publicOrigin);
  return address.pathname;
}

describe("an event's .ics file", () => {
  it("imports into a calendar app: UID, start and end in UTC, title, description, place and link", async () => {
    const host = await account("Ana");
    const reader = await usernameMember();
    const title = "Graphs, trees; and: more \\ fun";
    const description = "Line one\nLine two, with a comma; and a semicolon";
    const id = await createEvent(host, {
      title,
      description,
      location: "Café Central, room 2",
      date: "2099-05-17T18:30:00+02:00",
      endDate: "2099-05-17T21:15:00+02:00",
    });
    const response = await call(reader, "GET", `/event/${id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="event-${id}.ics"`);
    expect(response.body).toMatch(/\r\nDTSTART:20990517T163000Z\r\n/);
    expect(response.body).toMatch(/\r\nDTEND:20990517T191500Z\r\n/);
    expect(response.body).not.toContain("DURATION");
    const [event, ...more] = parseCalendar(response.body);
    expect(more).toEqual([]);
    expect(event).toEqual({
      uid: `event-${id}@localhost`,
      summary: title,
      description,
      location: "Café Central, room 2",
      url: `${app.config.publicOrigin}/services/events/${id}`,
      start: "2099-05-17T16:30:00.000Z",
      end: "2099-05-17T19:15:00.000Z",
      status: "CONFIRMED",
    });

    expect((await call(host, "POST", `/event/${id}/cancel`)).statusCode).toBe(200);
    const cancelled = await call(reader, "GET", `/event/${id}/calendar.ics`);
    expect(parseCalendar(cancelled.body)[0]?.status).toBe("CANCELLED");
  });

  it("ends an hour after the start when the host gave no end, and is TENTATIVE for someone waitlisted", async () => {
    const host = await usernameMember();
    const going = await usernameMember();
    const waiting = await usernameMember();
    const id = await createEvent(host, { date: "2099-03-01T10:00:00Z", capacity: 2 });
    const event = await call(going, "GET", `/event/${id}`);
    expect(event.json().data).toMatchObject({
      date: "2099-03-01T10:00:00.000Z",
      endDate: "2099-03-01T11:00:00.000Z",
    });
    expect(
      (await call(going, "PUT", `/event/${id}/rsvp`, { status: "going" })).json().data.myRsvp,
    ).toBe("going");
    expect(
      (await call(waiting, "PUT", `/event/${id}/rsvp`, { status: "going" })).json().data.myRsvp,
    ).toBe("waitlisted");
    const statusOf = async (person: Person) => {
      const response = await call(person, "GET", `/event/${id}/calendar.ics`);
      expect(response.body).toMatch(/\r\nDTEND:20990301T110000Z\r\n/);
      return parseCalendar(response.body)[0]?.status;
    };
    expect(await statusOf(going)).toBe("CONFIRMED");
    expect(await statusOf(waiting)).toBe("TENTATIVE");
    // A place frees up: the waiting person is going, and their entry is confirmed.
    expect(
      (await call(going, "PUT", `/event/${id}/rsvp`, { status: "not_going" })).statusCode,
    ).toBe(200);
    expect(await statusOf(waiting)).toBe("CONFIRMED");
  });

  it("refuses an end that is not after the start (400)", async () => {
    const host = await usernameMember();
    for (const endDate of ["2099-03-01T10:00:00Z", "2099-03-01T09:00:00Z", "tomorrow"]) {
      const response = await call(host, "POST", "/createevent", {
        title: "Backwards",
        description: "d",
        location: "l",
        date: "2099-03-01T10:00:00Z",
        endDate,
      });
      expect(response.statusCode, endDate).toBe(400);
    }
    const refused = await call(host, "POST", "/createevent", {
      title: "Backwards",
      description: "d",
      location: "l",
      date: "2099-03-01T10:00:00Z",
      endDate: "2099-03-01T09:00:00Z",
    });
    expect(refused.json().message).toContain(EVENT_MESSAGES.endBeforeStart);
  });

  it("keeps a carriage return or other control character in the text from starting a line or an event", async () => {
    const host = await account("Ana");
    const injected = "\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged\r\nSUMMARY:Forged";
    const id = await createEvent(host, {
      title: `Quiz\rBEGIN:VEVENT${injected}`,
      description: `One\rBEGIN:VEVENT\rtwo${injected}\u0001\u0007\u000b\u000c\u001b[31m\u007f\u0085\tend`,
      location: `Hall\rUID:forged${injected}`,
    });
    const response = await call(host, "GET", `/event/${id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    const text = response.body;
    // Lines end in CRLF only; nothing else below a space but a folded line's leading tab.
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    const lines = text.split("\r\n");
    for (const line of lines) expect(line).not.toMatch(/(?!\t)\p{Cc}/u);
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("UID:"))).toEqual([`UID:event-${id}@localhost`]);

    const [event, ...more] = parseCalendar(text);
    expect(more).toEqual([]);
    expect(event?.uid).toBe(`event-${id}@localhost`);
    // A lone CR reads as the line break it meant; the other control characters are dropped.
    expect(event?.summary).toBe(
      "Quiz\nBEGIN:VEVENT\nEND:VEVENT\nBEGIN:VEVENT\nUID:forged\nSUMMARY:Forged",
    );
    expect(event?.description).toBe(
      "One\nBEGIN:VEVENT\ntwo\nEND:VEVENT\nBEGIN:VEVENT\nUID:forged\nSUMMARY:Forged[31m\tend",
    );
    expect(event?.location).toBe(
      "Hall\nUID:forged\nEND:VEVENT\nBEGIN:VEVENT\nUID:forged\nSUMMARY:Forged",
    );
  });

  it("answers 404 for an unknown event, one that is not a uuid or hidden by a block; 401 without a token", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const id = await createEvent(ana);
    for (const other of [randomUUID(), "not-a-uuid"]) {
      const response = await call(ben, "GET", `/event/${other}/calendar.ics`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(EVENT_MESSAGES.notFound);
    }
    const anonymous = await app.inject({
      method: "GET",
      url: `/api/community/event/${id}/calendar.ics`,
    });
    expect(anonymous.statusCode).toBe(401);
    const blocked = await app.inject({
      method: "POST",
      url: `/api/user/block/${ana.id}`,
      headers: ben.headers ?? {},
      payload: {},
    });
    expect(blocked.statusCode).toBe(201);
    expect((await call(ben, "GET", `/event/${id}/calendar.ics`)).statusCode).toBe(404);
  });
});

describe("the private calendar address", () => {
  it("lists only the member's events (going, or waiting as TENTATIVE; not cancelled) and stops working after a reset", async () => {
    const ana = await usernameMember();
    const ben = await usernameMember();
    const cal = await usernameMember();
    const goingTo = await createEvent(ben, { title: "Ben's talk" });
    const full = await createEvent(ben, { title: "Full", capacity: 1 });
    const cancelled = await createEvent(ben, { title: "Cancelled" });
    const hosting = await createEvent(ana, { title: "Ana's own" });
    await createEvent(cal, { title: "Not for Ana" });
    for (const id of [goingTo, full, cancelled]) {
      expect((await call(ana, "PUT", `/event/${id}/rsvp`, { status: "going" })).statusCode).toBe(
        200,
      );
    }
    expect((await call(ben, "POST", `/event/${cancelled}/cancel`)).statusCode).toBe(200);

    const first = await call(ana, "GET", "/calendar");
    expect(first.statusCode).toBe(200);
    const url: string = first.json().data.url;
    expect(url).toMatch(/^http:\/\/localhost:7777\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(ana, "GET", "/calendar")).json().data.url).toBe(url);
    expect((await call(ben, "GET", "/calendar")).json().data.url).not.toBe(url);

    const feed = await app.inject({ method: "GET", url: pathOf(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(feed.headers["cache-control"]).toMatch(/^private/);
    const entries = parseCalendar(feed.body).map((event) => [event.summary, event.status]);
    expect(entries.sort()).toEqual([
      ["Ana's own", "CONFIRMED"],
      ["Ben's talk", "CONFIRMED"],
      ["Full", "TENTATIVE"],
    ]);
    expect(hosting).toBeTruthy();

    const reset = await call(ana, "POST", "/calendar/reset");
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(EVENT_MESSAGES.calendarReset);
    const newUrl: string = reset.json().data.url;
    expect(newUrl).not.toBe(url);
    const old = await app.inject({ method: "GET", url: pathOf(url) });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(EVENT_MESSAGES.calendarNotFound);
    const fresh = await app.inject({ method: "GET", url: pathOf(newUrl) });
    expect(fresh.statusCode).toBe(200);
    expect(parseCalendar(fresh.body)).toHaveLength(3);
    expect((await call(ana, "GET", "/calendar")).json().data.url).toBe(newUrl);
  });

  it("an empty calendar for a member going nowhere; 404 for anything that is not a live address", async () => {
    const dan = await usernameMember();
    const url: string = (await call(dan, "GET", "/calendar")).json().data.url;
    const feed = await app.inject({ method: "GET", url: pathOf(url) });
    expect(feed.statusCode).toBe(200);
    expect(parseCalendar(feed.body)).toEqual([]);
    const token = pathOf(url).slice("/api/calendar/".length, -".ics".length);
    for (const path of [
      `/api/calendar/${token}`,
      `/api/calendar/${token}.ICS`,
      `/api/calendar/${token.slice(1)}.ics`,
      `/api/calendar/${"A".repeat(43)}.ics`,
      "/api/calendar/.ics",
      `/api/calendar/${"x".repeat(5000)}.ics`,
    ]) {
      const response = await app.inject({ method: "GET", url: path });
      expect(response.statusCode, path.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path.slice(0, 60)).toBeLessThan(500);
    }
    expect(
      (await app.inject({ method: "GET", url: `/api/calendar/${token}%00.ics` })).statusCode,
    ).toBeLessThan(500);
    const anonymous = await app.inject({ method: "GET", url: "/api/community/calendar" });
    expect(anonymous.statusCode).toBe(401);
  });
});
