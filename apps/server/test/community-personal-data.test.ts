import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.ts";
import type { PersonalDataPart } from "../src/lib/personal-data.ts";
import { eventsPersonalData } from "../src/modules/events/service.ts";
import { groupsPersonalData } from "../src/modules/groups/service.ts";
import { membersPersonalData } from "../src/modules/members/service.ts";
import { postsPersonalData } from "../src/modules/posts/service.ts";
import { type CommunityPerson, communityKit, inDays } from "./community-helpers.ts";
import { appForFile } from "./helpers.ts";

// The community's four parts of a person's data: what each exports, and what each lets go of
// when the account is deleted (in the order the deletion runs them, the member last).

const app = await appForFile({ communityCreatePerMember: { max: 1000, windowMs: 60_000 } });
const { account, usernameMember, call } = communityKit(app);

/** The community's parts, in the order the deletion runs them: the member row goes last. */
const PARTS: PersonalDataPart[] = [
  eventsPersonalData,
  groupsPersonalData,
  postsPersonalData,
  membersPersonalData,
];

async function created(person: CommunityPerson, url: string, payload: object) {
  const response = await call(person, "POST", url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function ok(person: CommunityPerson, method: "POST" | "PUT", url: string, payload = {}) {
  const response = await call(person, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
}

/** Ana's community: her own post, group and event, and what she did on Ben's and Solo's. */
async function aLivedInCommunity() {
  const ana = await account("Ana");
  const ben = await account("Ben");
  const solo = await usernameMember();
  const anaPost = await created(ana, "/fusionpublish", { title: "Ana's", content: "post" });
  const benPost = await created(ben, "/fusionpublish", { title: "Ben's", content: "post" });
  await created(ana, `/post/${benPost.id}/replies`, { content: "Nice" });
  await created(ben, `/post/${anaPost.id}/replies`, { content: "Thanks" });
  await ok(ana, "PUT", `/post/${benPost.id}/like`);
  await ok(ben, "PUT", `/post/${anaPost.id}/like`);
  const anaGroup = await created(ana, "/create", { name: "Ana's", description: "d", tag: "DSA" });
  const benGroup = await created(ben, "/create", { name: "Ben's", description: "d", tag: "Math" });
  await ok(ana, "POST", `/group/${benGroup._id}/join`);
  await ok(ben, "POST", `/group/${anaGroup._id}/join`);
  const event = { description: "d", location: "l", date: inDays(3) };
  const anaEvent = await created(ana, "/createevent", { ...event, title: "Ana's" });
  const full = await created(ben, "/createevent", { ...event, title: "Ben's", capacity: 2 });
  await ok(solo, "PUT", `/event/${full._id}/rsvp`, { status: "going" });
  await ok(ana, "PUT", `/event/${full._id}/rsvp`, { status: "going" });
  await ok(ben, "PUT", `/event/${anaEvent._id}/rsvp`, { status: "going" });
  return { ana, ben, solo };
}

async function exportOf(userId: string) {
  const sections = await Promise.all(
    PARTS.map((part) => part.exportFor(app.db, { userId, currentSessionHash: "" })),
  );
  return Object.assign({}, ...sections);
}

/** How many rows of each community table name the member (as author, member or host). */
async function rowsNaming(memberId: string) {
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await app.db.execute(query)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n);
  };
  return {
    members: await count(sql`select count(*) as n from community_members where id = ${memberId}`),
    posts: await count(
      sql`select count(*) as n from community_posts where author_id = ${memberId}`,
    ),
    replies: await count(
      sql`select count(*) as n from community_post_replies where author_id = ${memberId}`,
    ),
    likes: await count(
      sql`select count(*) as n from community_post_likes where member_id = ${memberId}`,
    ),
    groups: await count(sql`select count(*) as n from study_groups where author_id = ${memberId}`),
    memberships: await count(
      sql`select count(*) as n from study_group_members where member_id = ${memberId}`,
    ),
    events: await count(
      sql`select count(*) as n from community_events where author_id = ${memberId}`,
    ),
    rsvps: await count(sql`select count(*) as n from event_rsvps where member_id = ${memberId}`),
  };
}

describe("the community's parts of a person's data", () => {
  it("export the sections the account's export shows, in the same shapes and order", async () => {
    const { ana } = await aLivedInCommunity();
    const response = await app.inject({
      method: "GET",
      url: "/api/account/export",
      headers: ana.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const whole = response.json();
    const parts = await exportOf(ana.id);
    expect(Object.keys(parts).sort()).toEqual(
      [
        "communityMember",
        "posts",
        "postReplies",
        "postLikes",
        "groups",
        "groupMemberships",
        "events",
        "eventRsvps",
      ].sort(),
    );
    expect(parts).toEqual({
      communityMember: whole.community.member,
      posts: whole.community.posts,
      groups: whole.community.groups,
      events: whole.community.events,
      groupMemberships: whole.groupMemberships,
      postReplies: whole.postReplies,
      postLikes: whole.postLikes,
      eventRsvps: whole.eventRsvps,
    });
    expect(parts.eventRsvps).toEqual([
      expect.objectContaining({ eventTitle: "Ana's", status: "going", waitlistPosition: null }),
      expect.objectContaining({ eventTitle: "Ben's", status: "waitlisted", waitlistPosition: 1 }),
    ]);
    expect(parts.groupMemberships).toHaveLength(2);
  });

  it("let go of every row that names the member, and keep everyone else's", async () => {
    const { ana, ben, solo } = await aLivedInCommunity();
    const benBefore = await rowsNaming(ben.id);
    await app.db.transaction(async (tx) => {
      for (const part of PARTS) await part.deleteFor(tx as unknown as Database, ana.id);
    });
    expect(await rowsNaming(ana.id)).toEqual({
      members: 0,
      posts: 0,
      replies: 0,
      likes: 0,
      groups: 0,
      memberships: 0,
      events: 0,
      rsvps: 0,
    });
    // Ben keeps his own; what he did on Ana's post, group and event went with them.
    expect(await rowsNaming(ben.id)).toEqual({
      ...benBefore,
      replies: benBefore.replies - 1,
      likes: benBefore.likes - 1,
      memberships: benBefore.memberships - 1,
      rsvps: benBefore.rsvps - 1,
    });
    expect((await rowsNaming(solo.id)).rsvps).toBe(1);
    expect(await exportOf(ana.id)).toEqual({
      communityMember: null,
      posts: [],
      postReplies: [],
      postLikes: [],
      groups: [],
      groupMemberships: [],
      events: [],
      eventRsvps: [],
    });
  });
});
