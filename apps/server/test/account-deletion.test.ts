import { randomBytes } from "node:crypto";
import { GROUP_TAGS } from "@kindred/shared";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import {
  type CommunityAccount,
  callCommunity,
  inDays,
  joinAsAccount,
} from "./community-helpers.ts";
import { appForFile, call, MANUAL_JOBS, notificationsOf, PASSWORD } from "./helpers.ts";
import { browserKeys } from "./push-service.ts";

// An account deleting itself while it, and others about it, keep writing: every write either
// lands before the deletion or finds the person gone, and says so as the contract does (401: the
// session ended; 404: what it names is gone), never as a server error.

const app: FastifyInstance = await appForFile({
  communityCreatePerMember: { max: 100_000, windowMs: 60_000 },
  jobs: MANUAL_JOBS,
  push: { allowPrivateEndpoints: true },
});

/**
 * A write and the refusal its route documents beside 401 and 404, if any: chat answers 403
 * NOT_CONNECTED to a person who is not, or no longer, a connection (a block in the same round,
 * or the deletion).
 */
type Write = {
  what: string;
  send: () => Promise<LightMyRequestResponse>;
  documented?: { status: number; code: string };
};

const NOT_CONNECTED = { status: 403, code: "NOT_CONNECTED" };

async function ok(response: Promise<LightMyRequestResponse>, status = 201) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json().data;
}

async function communityThingsOf(person: CommunityAccount, name: string) {
  const post = await ok(
    callCommunity(app, person, "POST", "/fusionpublish", {
      title: `${name}'s post`,
      content: "Hi",
    }),
  );
  const group = await ok(
    callCommunity(app, person, "POST", "/create", {
      name: `${name}'s circle ${randomBytes(3).toString("hex")}`,
      description: "We meet weekly",
      tag: GROUP_TAGS[0],
      u_id: person.id,
    }),
  );
  const event = await ok(
    callCommunity(app, person, "POST", "/createevent", {
      u_id: person.id,
      title: `${name}'s evening`,
      description: "Bring a board",
      date: inDays(7),
      location: "Library",
      capacity: 2,
    }),
  );
  return { postId: post.id as string, groupId: group._id as string, eventId: event._id as string };
}

/**
 * Dana, connected to Finn, with a post, a group and an event of her own, beside strangers she can
 * swipe on; every write she and the others can make about her, and her deletion among them.
 */
async function round(deleteAt: number, strangers: CommunityAccount[]) {
  const dana = await joinAsAccount(app, "Dana");
  const finn = await joinAsAccount(app, "Finn");
  const gus = await joinAsAccount(app, "Gus");
  const asked = await ok(call(app, dana, "POST", `/api/request/send/interested/${finn.id}`));
  await ok(call(app, finn, "POST", `/api/request/review/accepted/${asked._id}`), 200);
  const hers = await communityThingsOf(dana, "Dana");
  const his = await communityThingsOf(finn, "Finn");
  const message = await ok(
    call(app, finn, "POST", `/api/chat/${dana.id}/messages`, { text: "hello Dana" }),
  );

  const byDana: Write[] = [
    ...strangers.map((stranger) => ({
      what: "swipe",
      send: () => call(app, dana, "POST", `/api/request/send/interested/${stranger.id}`),
    })),
    {
      what: "message",
      send: () => call(app, dana, "POST", `/api/chat/${finn.id}/messages`, { text: "still here" }),
      documented: NOT_CONNECTED,
    },
    {
      what: "chat read",
      send: () => call(app, dana, "POST", `/api/chat/${finn.id}/read`, { messageId: message._id }),
      documented: NOT_CONNECTED,
    },
    {
      what: "profile edit",
      send: () => call(app, dana, "PATCH", "/api/profile/edit", { about: "Still editing" }),
    },
    {
      what: "push subscription",
      send: () => {
        const keys = browserKeys();
        return call(app, dana, "POST", "/api/push/subscriptions", {
          endpoint: `http://127.0.0.1:9/send/${randomBytes(6).toString("hex")}`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        });
      },
    },
    {
      what: "notification settings",
      send: () =>
        call(app, dana, "PUT", "/api/notifications/settings", {
          post_reply: { push: false, email: true },
        }),
    },
    {
      what: "notifications read",
      send: () => call(app, dana, "POST", "/api/notifications/read", { all: true }),
    },
    {
      what: "report",
      send: () => call(app, dana, "POST", `/api/user/report/${gus.id}`, { reason: "spam" }),
    },
    { what: "block", send: () => call(app, dana, "POST", `/api/user/block/${gus.id}`) },
    {
      what: "post",
      send: () =>
        callCommunity(app, dana, "POST", "/fusionpublish", { title: "Another", content: "Hello" }),
    },
    {
      what: "reply",
      send: () =>
        callCommunity(app, dana, "POST", `/post/${his.postId}/replies`, { content: "A reply" }),
    },
    { what: "like", send: () => callCommunity(app, dana, "PUT", `/post/${his.postId}/like`) },
    {
      what: "rsvp",
      send: () =>
        callCommunity(app, dana, "PUT", `/event/${his.eventId}/rsvp`, { status: "going" }),
    },
    { what: "join", send: () => callCommunity(app, dana, "POST", `/group/${his.groupId}/join`) },
    {
      what: "group",
      send: () =>
        callCommunity(app, dana, "POST", "/create", {
          name: `Dana's second ${randomBytes(3).toString("hex")}`,
          description: "Another",
          tag: GROUP_TAGS[0],
          u_id: dana.id,
        }),
    },
    {
      what: "event",
      send: () =>
        callCommunity(app, dana, "POST", "/createevent", {
          u_id: dana.id,
          title: "Another evening",
          description: "Bring a board",
          date: inDays(8),
          location: "Library",
        }),
    },
  ];
  const aboutDana: Write[] = [
    {
      what: "request to her",
      send: () => call(app, gus, "POST", `/api/request/send/interested/${dana.id}`),
    },
    {
      what: "message to her",
      send: () =>
        call(app, finn, "POST", `/api/chat/${dana.id}/messages`, { text: "are you there" }),
      documented: NOT_CONNECTED,
    },
    {
      what: "report of her",
      send: () => call(app, finn, "POST", `/api/user/report/${dana.id}`, { reason: "spam" }),
    },
    { what: "block of her", send: () => call(app, finn, "POST", `/api/user/block/${dana.id}`) },
    {
      what: "reply to her post",
      send: () =>
        callCommunity(app, finn, "POST", `/post/${hers.postId}/replies`, { content: "Nice" }),
    },
    {
      what: "like of her post",
      send: () => callCommunity(app, gus, "PUT", `/post/${hers.postId}/like`),
    },
    {
      what: "rsvp to her event",
      send: () =>
        callCommunity(app, gus, "PUT", `/event/${hers.eventId}/rsvp`, { status: "going" }),
    },
    {
      what: "join her group",
      send: () => callCommunity(app, gus, "POST", `/group/${hers.groupId}/join`),
    },
  ];
  const writes = [...byDana, ...aboutDana];
  const deletion: Write = {
    what: "deletion",
    send: () => call(app, dana, "DELETE", "/api/account", { password: PASSWORD }),
  };
  writes.splice(deleteAt % (writes.length + 1), 0, deletion);
  const answers = await Promise.all(
    writes.map(async (write) => ({ ...write, answer: await write.send() })),
  );
  return answers;
}

const strangers = await Promise.all(
  ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"].map((name) => joinAsAccount(app, name)),
);

/** How often each status was answered, over every round. */
const tally = new Map<number, number>();

describe("deleting an account while writes race it", () => {
  // The deletion starts before, among and after the writes, so it commits between different
  // steps of each (on PGlite the statements of concurrent requests interleave; on PostgreSQL
  // they run at once).
  for (const deleteAt of [0, 3, 6, 9, 12, 15, 18, 21, 24, 27]) {
    it(`answers each write 2xx, 401, 404 or its route's refusal, never 5xx (deletion sent at ${deleteAt})`, async () => {
      const answers = await round(deleteAt, strangers);
      const unexpected: string[] = [];
      for (const { what, answer, documented } of answers) {
        const status = answer.statusCode;
        if (what === "deletion") {
          if (status !== 200) unexpected.push(`deletion: ${status} ${answer.body}`);
          continue;
        }
        const code = status >= 400 ? answer.json().code : undefined;
        const fine =
          (status >= 200 && status < 300) ||
          (status === 401 && code === "UNAUTHENTICATED") ||
          status === 404 ||
          (status === documented?.status && code === documented.code);
        if (!fine) {
          unexpected.push(`${what}: ${status} ${answer.body}`);
        }
        if (status >= 400) {
          expect(answer.json()).toMatchObject({ status: 0, code: expect.any(String) });
        }
      }
      expect(unexpected).toEqual([]);
      expect(answers.length).toBeGreaterThanOrEqual(30);
      for (const { answer } of answers)
        tally.set(answer.statusCode, (tally.get(answer.statusCode) ?? 0) + 1);
    });
  }

  it("met the deletion in the middle of writes: some answered 401, some 404, most 2xx", () => {
    expect(tally.get(401)).toBeGreaterThan(0);
    expect(tally.get(404)).toBeGreaterThan(0);
  });
});

describe("a deleted person's place in an event", () => {
  it("goes to the first person waiting at once, who is told", async () => {
    const host = await joinAsAccount(app, "Hana");
    const ada = await joinAsAccount(app, "Ada");
    const bea = await joinAsAccount(app, "Bea");
    const cal = await joinAsAccount(app, "Cal");
    const event = await ok(
      callCommunity(app, host, "POST", "/createevent", {
        u_id: host.id,
        title: "Chess night",
        description: "Bring a board",
        date: inDays(7),
        location: "Library",
        capacity: 2,
      }),
    );
    const rsvp = (who: CommunityAccount) =>
      ok(callCommunity(app, who, "PUT", `/event/${event._id}/rsvp`, { status: "going" }), 200);
    expect(await rsvp(ada)).toMatchObject({ myRsvp: "going", going: 2 });
    expect(await rsvp(bea)).toMatchObject({ myRsvp: "waitlisted", myPosition: 1 });
    expect(await rsvp(cal)).toMatchObject({ myRsvp: "waitlisted", myPosition: 2 });

    await ok(call(app, ada, "DELETE", "/api/account", { password: PASSWORD }), 200);

    const seenBy = async (who: CommunityAccount) =>
      ok(callCommunity(app, who, "GET", `/event/${event._id}`), 200);
    expect(await seenBy(bea)).toMatchObject({ myRsvp: "going", going: 2, waitlisted: 1 });
    expect(await seenBy(cal)).toMatchObject({ myRsvp: "waitlisted", myPosition: 1 });
    const promoted = async (who: CommunityAccount) =>
      (await notificationsOf(app, who.headers)).filter((n) => n.kind === "event_promoted");
    expect(await promoted(bea)).toEqual([
      expect.objectContaining({
        subject: { type: "event", _id: event._id },
        url: `/services/events/${event._id}`,
        readAt: null,
      }),
    ]);
    expect(await promoted(cal)).toEqual([]);
  });
});
