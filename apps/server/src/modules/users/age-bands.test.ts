import {
  AGE_MESSAGES,
  type FeedCard,
  NEW_ACCOUNT_DAYS,
  type Post,
  type SignupBody,
} from "@kindred/shared";
import { inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  anonymousHeaders,
  appForFile,
  blockUser,
  call,
  connectedPair,
  continueAs,
  type Session,
  sendRequest,
  signUpUser,
} from "../../../test/helpers.ts";
import { users } from "../../db/schema.ts";
import { setModerationState } from "./service.ts";

// Who can meet whom: 13-17 and 18+ apart, no age no meeting, an age that crosses 18 once, and
// people under moderation out of sight (suspended until a time on the app's clock, banned, held
// for review).

let clock = new Date("2026-06-01T12:00:00Z");
const app = await appForFile({ now: () => clock });

/** A person with distinct names (search finds them by name) and the shared skills. */
let made = 0;
function person(age: number | undefined, extra: Partial<SignupBody> = {}): Promise<Session> {
  made += 1;
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const name = `Zed${letters[made % 26]}${letters[Math.floor(made / 26) % 26]}`;
  return signUpUser(app, {
    firstName: name,
    lastName: "Bandtest",
    skills: ["Astronomy", "Origami", "Fencing"],
    age,
    ...extra,
  });
}

async function feedIds(viewer: Session): Promise<string[]> {
  const response = await call(app, viewer, "GET", "/api/feed?limit=50");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as FeedCard[]).map((card) => card._id);
}

async function searchIds(viewer: Session, who: Session): Promise<string[]> {
  const q = encodeURIComponent(`${who.me.firstName} ${who.me.lastName}`);
  const response = await call(app, viewer, "GET", `/api/search?q=${q}&type=people`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.people as { _id: string }[]).map((card) => card._id);
}

async function matchingIds(viewer: Session): Promise<string[]> {
  const response = await call(app, viewer, "GET", "/api/matching?interest=origami");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { _id: string }[]).map((card) => card._id);
}

/** Whether `viewer` finds `other` in the feed, in people search and in matching. */
async function finds(viewer: Session, other: Session) {
  return {
    feed: (await feedIds(viewer)).includes(other.me._id),
    search: (await searchIds(viewer, other)).includes(other.me._id),
    matching: (await matchingIds(viewer)).includes(other.me._id),
  };
}
const everywhere = { feed: true, search: true, matching: true };
const nowhere = { feed: false, search: false, matching: false };

async function publicIdOf(session: Session): Promise<string> {
  const response = await call(app, session, "GET", "/api/generate_public_url");
  return (response.json().data.url as string).split("/").pop() as string;
}

function publicProfile(publicId: string, viewer: Session | null) {
  return call(app, viewer, "GET", `/api/get_public_profile/${publicId}`);
}

function editAge(session: Session, age: number | string) {
  return call(app, session, "PATCH", "/api/profile/edit", { age });
}

/**
 * Makes people, lets `age` them (or not), then checks that each refused swipe or message gives
 * the age rule's answer before any other, and that each allowed one goes through once.
 */
async function refusalsInOrder(age: () => void) {
  const adult = await person(30);
  const teen = await person(15);
  const peer = await person(35);
  const [a, b] = await connectedPair(app);
  const other = await person(33);
  await sendRequest(app, a, "interested", other);
  age();
  // Blocked and in the other band: the age rule answers (403), not the block (404).
  await blockUser(app, teen, adult.me._id);
  for (const status of ["interested", "ignored"] as const) {
    const swipe = await call(app, adult, "POST", `/api/request/send/${status}/${teen.me._id}`);
    expect(swipe.statusCode, status).toBe(403);
    expect(swipe.json()).toMatchObject({ code: "AGE_BAND", message: AGE_MESSAGES.ageBand });
  }
  // Blocked in the same band: the person is unknown to the sender, as before.
  await blockUser(app, peer, adult.me._id);
  for (const status of ["interested", "ignored"] as const) {
    const blocked = await call(app, adult, "POST", `/api/request/send/${status}/${peer.me._id}`);
    expect(blocked.statusCode, status).toBe(404);
    expect(blocked.json().code).toBe("USER_NOT_FOUND");
  }

  // A request made, then the sender's age cleared: the age is asked for, not "already sent".
  expect((await call(app, a, "PATCH", "/api/profile/edit", { age: null })).statusCode).toBe(200);
  for (const path of [
    `/api/request/send/interested/${other.me._id}`,
    `/api/request/send/ignored/${other.me._id}`,
    `/api/chat/${b.me._id}/messages`,
  ]) {
    const refused = await call(app, a, "POST", path, { text: "hello" });
    expect(refused.statusCode, path).toBe(403);
    expect(refused.json(), path).toMatchObject({
      code: "AGE_REQUIRED",
      message: AGE_MESSAGES.ageRequired,
    });
  }
  // With an age again, each write gives its own answer, and a message goes through once.
  expect((await editAge(a, 31)).statusCode).toBe(200);
  const again = await call(app, a, "POST", `/api/request/send/ignored/${other.me._id}`);
  expect(again.statusCode).toBe(409);
  expect(again.json().code).toBe("REQUEST_EXISTS");
  const clientId = `retry-${made}`;
  const sent = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, {
    text: "back",
    clientId,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const retried = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, {
    text: "back",
    clientId,
  });
  expect(retried.statusCode, retried.body).toBe(201);
  expect(retried.json().data._id).toBe(sent.json().data._id);
  const received = await call(app, b, "GET", `/api/chat/${a.me._id}/messages`);
  expect(
    (received.json().data.messages as { text: string }[]).filter((m) => m.text === "back"),
  ).toHaveLength(1);
  // Someone not connected, or nobody at all, in the same band: not connected.
  for (const id of [other.me._id, "00000000-0000-4000-8000-000000000000"]) {
    const stranger = await call(app, a, "POST", `/api/chat/${id}/messages`, { text: "hi" });
    expect(stranger.statusCode, id).toBe(403);
    expect(stranger.json().code, id).toBe("NOT_CONNECTED");
  }
  // A connection whose ages moved apart: the age rule.
  expect((await editAge(b, 17)).statusCode).toBe(200);
  const apart = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, { text: "hey" });
  expect(apart.statusCode).toBe(403);
  expect(apart.json().code).toBe("AGE_BAND");
}

describe("age bands", () => {
  it("A 15-year-old and a 25-year-old never appear in each other's feed, search or matching, and a request or message between them answers 403 (both directions)", async () => {
    const teen = await person(15);
    const adult = await person(25);
    // Each has someone of their own band, whom they do find.
    const otherTeen = await person(16);
    const otherAdult = await person(40);
    expect(await finds(teen, otherTeen)).toEqual(everywhere);
    expect(await finds(adult, otherAdult)).toEqual(everywhere);

    expect(await finds(teen, adult)).toEqual(nowhere);
    expect(await finds(adult, teen)).toEqual(nowhere);

    for (const [from, to] of [
      [teen, adult],
      [adult, teen],
    ] as const) {
      const request = await call(app, from, "POST", `/api/request/send/interested/${to.me._id}`);
      expect(request.statusCode).toBe(403);
      expect(request.json()).toMatchObject({ code: "AGE_BAND", message: AGE_MESSAGES.ageBand });
      const message = await call(app, from, "POST", `/api/chat/${to.me._id}/messages`, {
        text: "hello",
      });
      expect(message.statusCode).toBe(403);
      expect(message.json()).toMatchObject({ code: "AGE_BAND", message: AGE_MESSAGES.ageBand });
    }
    // Nothing was made: their own bands still work.
    await sendRequest(app, teen, "interested", otherTeen);
  });

  it("keeps a connection whose ages moved apart from chatting, and a pending request from being accepted", async () => {
    const [a, b] = await connectedPair(app);
    const pendingFrom = await person(30);
    const requestId = await sendRequest(app, pendingFrom, "interested", a);
    // a was 30; now 17 (a first crossing, allowed).
    expect((await editAge(a, 17)).statusCode).toBe(200);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const message = await call(app, from, "POST", `/api/chat/${to.me._id}/messages`, {
        text: "still there?",
      });
      expect(message.statusCode).toBe(403);
      expect(message.json().code).toBe("AGE_BAND");
    }
    // The request from before is no longer listed, and accepting it answers 403.
    const received = await call(app, a, "GET", "/api/user/requests/received");
    expect(received.json().data).toEqual([]);
    const accept = await call(app, a, "POST", `/api/request/review/accepted/${requestId}`);
    expect(accept.statusCode).toBe(403);
    expect(accept.json().code).toBe("AGE_BAND");
  });

  it("answers the age rule before any other refusal of a request or a message, which now apply it in their own statement", async () => {
    await refusalsInOrder(() => undefined);
  });

  it("gives an established account the same answers, its messages and swipes taking the one-statement path", async () => {
    // Past the new-account days, a swipe skips the daily limit and a message its reads.
    await refusalsInOrder(() => {
      clock = new Date(clock.getTime() + (NEW_ACCOUNT_DAYS + 1) * 86_400_000);
    });
  });

  it("leaves a person without an age out of everyone's feed, search and matching until they add one", async () => {
    const ageless = await person(undefined);
    expect(ageless.me.age).toBeNull();
    const adult = await person(28);
    const teen = await person(14);
    expect(await finds(adult, ageless)).toEqual(nowhere);
    expect(await finds(teen, ageless)).toEqual(nowhere);

    // Their own feed asks for the age and shows nobody; a request answers 403 asking for it.
    const own = await call(app, ageless, "GET", "/api/feed");
    expect(own.json()).toMatchObject({ data: [], message: AGE_MESSAGES.feedNeedsAge });
    const request = await call(
      app,
      ageless,
      "POST",
      `/api/request/send/interested/${adult.me._id}`,
    );
    expect(request.statusCode).toBe(403);
    expect(request.json()).toMatchObject({
      code: "AGE_REQUIRED",
      message: AGE_MESSAGES.ageRequired,
    });

    expect((await editAge(ageless, 31)).statusCode).toBe(200);
    expect(await finds(adult, ageless)).toEqual(everywhere);
    expect(await finds(ageless, adult)).toEqual(everywhere);
    expect(await finds(teen, ageless)).toEqual(nowhere);
  });

  it("takes the age and the terms at sign-up, and works without either for older clients", async () => {
    const withBoth = await signUpUser(app, { age: 19, termsAccepted: true });
    expect(withBoth.me.age).toBe(19);
    const older = await signUpUser(app, { age: undefined });
    expect(older.me.age).toBeNull();
    const accepted = await app.db
      .select({ id: users.id, at: users.termsAcceptedAt })
      .from(users)
      .where(inArray(users.id, [withBoth.me._id, older.me._id]));
    expect(accepted.find((row) => row.id === withBoth.me._id)?.at).toEqual(clock);
    expect(accepted.find((row) => row.id === older.me._id)?.at).toBeNull();
    const bad = await call(app, await anonymousHeaders(app), "POST", "/api/signup", {
      firstName: "A",
      emailId: "too-young@example.com",
      password: "a fine password",
      skills: ["A", "B", "C"],
      age: 12,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe("age");
  });
});

describe("an age that crosses 18", () => {
  it("is allowed once, opening a case, and refused the second time with a field error", async () => {
    const flag = vi.spyOn(app.moderation, "flag");
    const someone = await person(undefined);
    // The first age ever set is not a crossing.
    expect((await editAge(someone, 16)).statusCode).toBe(200);
    expect((await editAge(someone, 17)).statusCode).toBe(200);
    expect(flag).not.toHaveBeenCalled();

    const first = await editAge(someone, 18);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.age).toBe(18);
    expect(flag).toHaveBeenCalledTimes(1);
    expect(flag.mock.calls[0]?.[1]).toEqual({
      subject: { type: "user", _id: someone.me._id },
      userId: someone.me._id,
      source: "age_change",
      held: false,
      note: "Age changed from 17 to 18",
    });

    const second = await editAge(someone, 16);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      status: 0,
      code: "AGE_CHANGE_LIMIT",
      errors: [{ path: "age", message: AGE_MESSAGES.secondCrossing }],
    });
    // Clearing the age and setting one of the other band is a crossing too.
    expect((await editAge(someone, "")).statusCode).toBe(200);
    expect((await editAge(someone, 15)).statusCode).toBe(400);
    expect((await editAge(someone, 45)).statusCode).toBe(200);
    const me = await call(app, someone, "GET", "/api/profile/view");
    expect(me.json().age).toBe(45);
    expect(flag).toHaveBeenCalledTimes(1);
    flag.mockRestore();
  });
});

describe("under-18 public profiles", () => {
  it("answer 404 signed out and to adults, as an unknown link does, and never show social links", async () => {
    const teen = await person(16, {
      instagramLink: "https://instagram.com/teen",
      otherLink: "https://example.com/teen",
    });
    const adult = await person(33, { instagramLink: "https://instagram.com/adult" });
    const otherTeen = await person(15);
    const teenId = await publicIdOf(teen);

    const unknown = await publicProfile("no-such-profile", null);
    expect(unknown.statusCode).toBe(404);
    for (const viewer of [null, adult]) {
      const response = await publicProfile(teenId, viewer);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    const shown = await publicProfile(teenId, otherTeen);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      _id: teen.me._id,
      socialLinks: { instagramLink: null, otherLink: null },
      relationship: "none",
    });
    // Adults' links stay; an under-18 does not see an adult's profile either.
    const adultId = await publicIdOf(adult);
    const adultProfile = await publicProfile(adultId, null);
    expect(adultProfile.json().data.socialLinks.instagramLink).toBe("https://instagram.com/adult");
    expect((await publicProfile(adultId, otherTeen)).statusCode).toBe(404);
    // Its owner sees it.
    expect((await publicProfile(teenId, teen)).statusCode).toBe(200);
  });
});

describe("people under moderation", () => {
  it("hides a suspended person from feed, search, matching, profile and requests until the end, then shows them again", async () => {
    const viewer = await person(35);
    const suspended = await person(36);
    await sendRequest(app, suspended, "interested", viewer);
    const suspendedId = await publicIdOf(suspended);
    expect(await finds(viewer, suspended)).toEqual({ ...everywhere, feed: false });

    const other = await person(37);
    expect(await finds(other, suspended)).toEqual(everywhere);
    const end = new Date(clock.getTime() + 7 * 86_400_000);
    await setModerationState(app.db, suspended.me._id, { suspendedUntil: end });
    expect(await finds(other, suspended)).toEqual(nowhere);
    expect((await publicProfile(suspendedId, other)).statusCode).toBe(404);
    expect((await publicProfile(suspendedId, null)).statusCode).toBe(404);
    const received = await call(app, viewer, "GET", "/api/user/requests/received");
    expect(received.json().data).toEqual([]);

    clock = new Date(end.getTime() - 1000);
    expect((await finds(other, suspended)).feed).toBe(false);
    clock = new Date(end.getTime() + 1000);
    expect(await finds(other, suspended)).toEqual(everywhere);
    expect((await publicProfile(suspendedId, null)).statusCode).toBe(200);
    const again = await call(app, viewer, "GET", "/api/user/requests/received");
    expect(
      again.json().data.map((row: { fromUserId: { _id: string } }) => row.fromUserId._id),
    ).toEqual([suspended.me._id]);
  });

  it("hides a banned person and their posts and groups; a suspended person's posts stay", async () => {
    const viewer = await person(41);
    const banned = await person(42);
    const suspended = await person(43);
    const viewerToken = await continueAs(app, viewer.headers);
    const community = async (who: Session, method: "GET" | "POST", url: string, body?: object) => {
      const { token } = await continueAs(app, who.headers);
      return app.inject({
        method,
        url: `/api/community${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(body ? { payload: body } : {}),
      });
    };
    for (const [who, title] of [
      [banned, "Banned post"],
      [suspended, "Suspended post"],
    ] as const) {
      const made = await community(who, "POST", "/fusionpublish", { title, content: "Hello" });
      expect(made.statusCode, made.body).toBe(201);
    }
    const group = await community(banned, "POST", "/create", {
      name: "Banned group",
      description: "Ours",
      tag: "Math",
    });
    expect(group.statusCode, group.body).toBe(201);
    const titles = async () => {
      const response = await app.inject({
        method: "GET",
        url: "/api/community/getposts",
        headers: { authorization: `Bearer ${viewerToken.token}` },
      });
      return (response.json() as Post[]).map((post) => post.title);
    };
    const groupNames = async () => {
      const response = await app.inject({
        method: "GET",
        url: "/api/community/all",
        headers: { authorization: `Bearer ${viewerToken.token}` },
      });
      const body = response.json();
      const list = (Array.isArray(body) ? body : body.data) as { name: string }[];
      return list.map((row) => row.name);
    };
    expect(await titles()).toEqual(expect.arrayContaining(["Banned post", "Suspended post"]));
    expect(await groupNames()).toContain("Banned group");

    await setModerationState(app.db, banned.me._id, { bannedAt: clock });
    await setModerationState(app.db, suspended.me._id, {
      suspendedUntil: new Date(clock.getTime() + 86_400_000),
    });
    expect(await finds(viewer, banned)).toEqual(nowhere);
    expect(await finds(viewer, suspended)).toEqual(nowhere);
    const after = await titles();
    expect(after).not.toContain("Banned post");
    expect(after).toContain("Suspended post");
    expect(await groupNames()).not.toContain("Banned group");
  });

  it("hides a person held for review until the hold is lifted", async () => {
    const viewer = await person(44);
    const held = await person(45);
    expect(await finds(viewer, held)).toEqual(everywhere);
    await setModerationState(app.db, held.me._id, { hiddenForReview: true });
    expect(await finds(viewer, held)).toEqual(nowhere);
    await setModerationState(app.db, held.me._id, { hiddenForReview: false });
    expect(await finds(viewer, held)).toEqual(everywhere);
  });
});
