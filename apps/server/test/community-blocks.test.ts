import type { CommunityEvent, Group, Post } from "@kindred/shared";
import { describe, expect, it } from "vitest";
import { type CommunityPerson, communityKit } from "./community-helpers.ts";
import { appForFile } from "./helpers.ts";

// The posts, groups and events modules each apply the block rule to their own list; this checks
// the three lists together, both ways, for accounts and for a member with no account.

type Person = CommunityPerson;

const app = await appForFile();

const { account, usernameMember, call, block } = communityKit(app);

async function post(person: Person, path: string, payload: Record<string, unknown>) {
  expect((await call(person, "POST", path, payload)).statusCode).toBe(201);
}

/** Everyone's posts, groups and events, one of each, so each list has something of theirs. */
async function createContent(person: Person) {
  await post(person, "/fusionpublish", { title: "A thought", content: "Shared with everyone" });
  await post(person, "/create", { name: "Study group", description: "Weekly", tag: "DSA" });
  await post(person, "/createevent", {
    title: "Meetup",
    description: "Talks",
    location: "Library",
    date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
}

async function get<T>(person: Person, path: string): Promise<T> {
  const response = await call(person, "GET", `${path}?limit=50`);
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

/** Whose posts, groups and events the person sees, as sorted author ids per list. */
async function authorsSeenBy(person: Person) {
  const posts = await get<Post[]>(person, "/getposts");
  const groups = await get<Group[]>(person, "/all");
  const events = await get<{ events: CommunityEvent[] }>(person, "/allevents");
  return {
    posts: posts.map((item) => item.userId).sort(),
    groups: groups.map((item) => item.u_id).sort(),
    events: events.events.map((item) => item.u_id).sort(),
  };
}

function everyList(ids: string[]) {
  const sorted = [...ids].sort();
  return { posts: sorted, groups: sorted, events: sorted };
}

describe("community lists and blocks", () => {
  it("hide a blocked pair's posts, groups and events from each other both ways, until unblocked", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const solo = await usernameMember();
    for (const person of [ana, ben, solo]) await createContent(person);
    const all = [ana.id, ben.id, solo.id];
    for (const person of [ana, ben, solo]) {
      expect(await authorsSeenBy(person)).toEqual(everyList(all));
    }

    await block(ana, ben, "POST");

    expect(await authorsSeenBy(ana)).toEqual(everyList([ana.id, solo.id]));
    expect(await authorsSeenBy(ben)).toEqual(everyList([ben.id, solo.id]));
    // Someone outside the pair still sees both.
    expect(await authorsSeenBy(solo)).toEqual(everyList(all));

    await block(ana, ben, "DELETE");

    for (const person of [ana, ben, solo]) {
      expect(await authorsSeenBy(person)).toEqual(everyList(all));
    }
  });
});
