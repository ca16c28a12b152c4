import { randomUUID } from "node:crypto";
import {
  GROUP_MESSAGES,
  type Group,
  type GroupDetail,
  type GroupMember,
  type Post,
} from "@kindred/shared";
import { describe, expect, it } from "vitest";
import {
  type CommunityPerson,
  communityKit,
  joinWithUsername,
} from "../../../test/community-helpers.ts";
import { appsForFile, metaOf, openPage, titleOf, webDistForFile } from "../../../test/helpers.ts";
import { studyGroups } from "../../db/schema.ts";

type Person = CommunityPerson;

const open = appsForFile();
const app = await open({
  communityCreatePerMember: { max: 1000, windowMs: 60_000 },
  webDistDir: webDistForFile(),
});

const { account, usernameMember, call, block } = communityKit(app);

async function createGroup(person: Person, name = "Linear algebra"): Promise<GroupDetail> {
  const response = await call(person, "POST", "/create", {
    name,
    description: "Chapters 1 to 4, weekly",
    tag: "Math",
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function groupOf(person: Person, id: string): Promise<GroupDetail> {
  const response = await call(person, "GET", `/group/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function membersOf(person: Person, id: string): Promise<GroupMember[]> {
  const response = await call(person, "GET", `/group/${id}/members?limit=50`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const unknownId = "00000000-0000-4000-8000-000000000000";

describe("study groups", () => {
  it("creates a group with one of the four topics", async () => {
    const member = await usernameMember();
    for (const tag of ["Math", "Programming", "DSA", "Machine Learning"]) {
      const response = await call(member, "POST", "/create", {
        u_id: member.id,
        name: `${tag} circle`,
        description: "We meet weekly",
        tag,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        name: `${tag} circle`,
        description: "We meet weekly",
        tag,
        u_id: member.id,
      });
    }
    const list: Group[] = (await call(member, "GET", "/all")).json();
    expect(list[0]?.tag).toBe("Machine Learning");
  });

  it("refuses another topic and a missing or too long name or description", async () => {
    const member = await usernameMember();
    const valid = { name: "n", description: "d", tag: "Math" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, tag: "Biology" }, "tag"],
      [{ ...valid, tag: "math" }, "tag"],
      [{ name: "n", description: "d" }, "tag"],
      [{ ...valid, name: "" }, "name"],
      [{ ...valid, name: "x".repeat(81) }, "name"],
      [{ ...valid, description: " " }, "description"],
      [{ ...valid, description: "x".repeat(501) }, "description"],
    ];
    for (const [payload, field] of cases) {
      const response = await call(member, "POST", "/create", payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().errors[0].path).toBe(field);
    }
  });
});

describe("the list of groups", () => {
  it("lists groups newest first, a page at a time through X-Next-Cursor", async () => {
    const fresh = await open();
    const member = await joinWithUsername(fresh);
    const base = Date.UTC(2030, 0, 1);
    await fresh.db.insert(studyGroups).values(
      [0, 1, 2, 3].map((index) => ({
        authorId: member.id,
        name: `group ${index}`,
        description: "d",
        tag: "DSA",
        createdAt: new Date(base + index * 1000),
      })),
    );
    const first = await call(member, "GET", "/all?limit=3", undefined, fresh);
    const names = (first.json() as Group[]).map((group) => group.name);
    expect(names).toEqual(["group 3", "group 2", "group 1"]);
    const next = String(first.headers["x-next-cursor"]);
    const second = await call(member, "GET", `/all?limit=3&cursor=${next}`, undefined, fresh);
    expect((second.json() as Group[]).map((group) => group.name)).toEqual(["group 0"]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
  });
});

describe("deleting a group", () => {
  it("lets its creator delete it, and answers 404 to anyone else", async () => {
    const author = await usernameMember();
    const stranger = await usernameMember();
    const { _id: group } = await createGroup(author);
    const denied = await call(stranger, "DELETE", `/group/${group}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().code).toBe("NOT_FOUND");
    const done = await call(author, "DELETE", `/group/${group}`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 1, data: { _id: group } });
    expect((await call(author, "DELETE", `/group/${group}`)).statusCode).toBe(404);
    expect((await call(author, "DELETE", "/group/not-a-uuid")).statusCode).toBe(404);
  });
});

describe("a study group's page", () => {
  it("shows the group with its creator, who joined on creation", async () => {
    const ana = await account("Ana", "Lopez");
    const created = await createGroup(ana);
    const group = await groupOf(ana, created._id);
    expect(group).toEqual({
      ...created,
      members: 1,
      isMember: true,
      creator: { _id: ana.id, name: "Ana Lopez" },
    });
    expect(await membersOf(ana, created._id)).toEqual([
      { _id: ana.id, name: "Ana Lopez", joinedAt: created.createdAt },
    ]);
  });

  it("answers 404 for an unknown or malformed id and 401 without a token", async () => {
    const ana = await account("Ana");
    for (const id of [unknownId, "not-a-uuid", "x".repeat(100)]) {
      for (const url of [`/group/${id}`, `/group/${id}/members`]) {
        const response = await call(ana, "GET", url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ status: 0, code: "NOT_FOUND" });
      }
      for (const method of ["POST", "DELETE"] as const) {
        expect((await call(ana, method, `/group/${id}/join`)).statusCode).toBe(404);
      }
      expect((await call(ana, "PATCH", `/group/${id}`, { name: "New" })).statusCode).toBe(404);
    }
    const anonymous = await app.inject({ method: "GET", url: `/api/community/group/${unknownId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("joining and leaving", () => {
  it("joins and leaves, idempotently, with the count and the list following", async () => {
    const ana = await account("Ana", "Lopez");
    const ben = await account("Ben", "Ng");
    const solo = await usernameMember();
    const { _id } = await createGroup(ana);

    const joined = await call(ben, "POST", `/group/${_id}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      status: 1,
      message: GROUP_MESSAGES.joined,
      data: { isMember: true, members: 2 },
    });
    expect((await call(ben, "POST", `/group/${_id}/join`)).json().data).toEqual({
      isMember: true,
      members: 2,
    });
    expect((await call(solo, "POST", `/group/${_id}/join`)).json().data).toEqual({
      isMember: true,
      members: 3,
    });
    expect((await membersOf(ana, _id)).map((member) => member._id)).toEqual([
      ana.id,
      ben.id,
      solo.id,
    ]);
    expect((await membersOf(ana, _id))[2]?.name).toMatch(/^solo-/);
    expect(await groupOf(ben, _id)).toMatchObject({ members: 3, isMember: true });

    const left = await call(ben, "DELETE", `/group/${_id}/join`);
    expect(left.statusCode).toBe(200);
    expect(left.json().data).toEqual({ isMember: false, members: 2 });
    expect((await call(ben, "DELETE", `/group/${_id}/join`)).json().data).toEqual({
      isMember: false,
      members: 2,
    });
    expect(await groupOf(ben, _id)).toMatchObject({ members: 2, isMember: false });
    expect((await membersOf(ben, _id)).map((member) => member._id)).toEqual([ana.id, solo.id]);
  });

  it("keeps the creator a member: leaving is refused with 409", async () => {
    const ana = await account("Ana");
    const { _id } = await createGroup(ana);
    const response = await call(ana, "DELETE", `/group/${_id}/join`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 0,
      code: "CREATOR_CANNOT_LEAVE",
      message: GROUP_MESSAGES.creatorCannotLeave,
    });
    expect(await groupOf(ana, _id)).toMatchObject({ members: 1, isMember: true });
  });

  it("counts exactly when ten join at once, and when they all leave at once", async () => {
    const ana = await account("Ana");
    const { _id } = await createGroup(ana);
    const people = await Promise.all(Array.from({ length: 10 }, () => usernameMember()));
    const joins = await Promise.all(
      people.flatMap((person) => [
        call(person, "POST", `/group/${_id}/join`),
        call(person, "POST", `/group/${_id}/join`),
      ]),
    );
    expect(joins.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await groupOf(ana, _id)).toMatchObject({ members: 11 });
    expect(await membersOf(ana, _id)).toHaveLength(11);
    const leaves = await Promise.all(
      people.map((person) => call(person, "DELETE", `/group/${_id}/join`)),
    );
    expect(leaves.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await groupOf(ana, _id)).toMatchObject({ members: 1 });
  });

  it("pages the members oldest first through nextCursor, also in X-Next-Cursor", async () => {
    const ana = await account("Ana");
    const { _id } = await createGroup(ana);
    const people = [];
    for (let index = 0; index < 4; index++) {
      const person = await usernameMember();
      expect((await call(person, "POST", `/group/${_id}/join`)).statusCode).toBe(200);
      people.push(person.id);
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let url = `/group/${_id}/members?limit=2`;
    for (;;) {
      const page = await call(ana, "GET", url);
      expect(page.statusCode).toBe(200);
      const { data: items, nextCursor } = page.json() as {
        data: GroupMember[];
        nextCursor: string | null;
      };
      sizes.push(items.length);
      seen.push(...items.map((item) => item._id));
      expect(page.headers["x-next-cursor"] ?? null).toBe(nextCursor);
      if (!nextCursor) break;
      url = `/group/${_id}/members?limit=2&cursor=${encodeURIComponent(nextCursor)}`;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([ana.id, ...people]);
    for (const query of ["limit=0", "limit=51", "cursor=nonsense"]) {
      expect((await call(ana, "GET", `/group/${_id}/members?${query}`)).statusCode).toBe(400);
    }
  });

  it("removes the memberships with the group", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const { _id } = await createGroup(ana);
    await call(ben, "POST", `/group/${_id}/join`);
    expect((await call(ana, "DELETE", `/group/${_id}`)).statusCode).toBe(200);
    expect((await call(ben, "GET", `/group/${_id}`)).statusCode).toBe(404);
    expect((await call(ben, "GET", `/group/${_id}/members`)).statusCode).toBe(404);
    expect((await call(ben, "DELETE", `/group/${_id}/join`)).statusCode).toBe(404);
  });
});

describe("changing a group", () => {
  it("lets the creator change any of name, description and topic", async () => {
    const ana = await account("Ana");
    const { _id } = await createGroup(ana);
    const response = await call(ana, "PATCH", `/group/${_id}`, { name: "  Graphs  ", tag: "DSA" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      _id,
      name: "Graphs",
      description: "Chapters 1 to 4, weekly",
      tag: "DSA",
      members: 1,
      isMember: true,
    });
    const again = await call(ana, "PATCH", `/group/${_id}`, { description: "Sundays" });
    expect(again.json().data).toMatchObject({ name: "Graphs", description: "Sundays" });
    const listed = (await call(ana, "GET", "/all?limit=50")).json();
    expect(listed.find((group: { _id: string }) => group._id === _id)).toMatchObject({
      name: "Graphs",
      description: "Sundays",
      tag: "DSA",
    });
  });

  it("refuses anyone but the creator (403) and bad fields (400)", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const { _id } = await createGroup(ana);
    await call(ben, "POST", `/group/${_id}/join`);
    const other = await call(ben, "PATCH", `/group/${_id}`, { name: "Mine now" });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: "FORBIDDEN", message: GROUP_MESSAGES.notCreator });
    const naming = await call(ben, "PATCH", `/group/${_id}`, { u_id: ana.id, name: "Mine now" });
    expect(naming.statusCode).toBe(403);

    const cases: [unknown, string][] = [
      [{}, ""],
      [{ u_id: ana.id }, ""],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(81) }, "name"],
      [{ description: "" }, "description"],
      [{ description: "x".repeat(501) }, "description"],
      [{ tag: "Cooking" }, "tag"],
      [{ name: 5 }, "name"],
      [{ name: "a\u0000b" }, "name"],
    ];
    for (const [payload, path] of cases) {
      const response = await call(ana, "PATCH", `/group/${_id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_ERROR");
      expect(response.json().errors[0].path, JSON.stringify(payload)).toBe(path);
    }
    expect((await call(ana, "PATCH", `/group/${_id}`, [])).statusCode).toBe(400);
    expect((await groupOf(ana, _id)).name).toBe("Linear algebra");
  });
});

describe("a group's posts", () => {
  it("publishes into a group its members only, and keeps group posts off the board", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const { _id } = await createGroup(ana);

    const outsider = await call(ben, "POST", "/fusionpublish", {
      title: "Hi",
      content: "Let me in",
      groupId: _id,
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({
      code: "NOT_A_MEMBER",
      message: GROUP_MESSAGES.notMember,
    });

    await call(ben, "POST", `/group/${_id}/join`);
    const inside = await call(ben, "POST", "/fusionpublish", {
      title: "Hi",
      content: "Glad to be here",
      groupId: _id.toUpperCase(),
    });
    expect(inside.statusCode, inside.body).toBe(201);
    const post: Post = inside.json().data;
    expect(post).toMatchObject({ groupId: _id, likes: 0, liked: false, replies: 0 });
    const board = await call(ana, "POST", "/fusionpublish", { title: "Board", content: "For all" });
    expect(board.json().data.groupId).toBeNull();

    const groupPosts: Post[] = (await call(ana, "GET", `/getposts?groupId=${_id}`)).json();
    expect(groupPosts.map((item) => item.id)).toEqual([post.id]);
    const boardPosts: Post[] = (await call(ana, "GET", "/getposts?limit=50")).json();
    expect(boardPosts.map((item) => item.id)).toContain(board.json().data.id);
    expect(boardPosts.map((item) => item.id)).not.toContain(post.id);

    // Reading is open to anyone who sees the group; leaving keeps what one wrote.
    await call(ben, "DELETE", `/group/${_id}/join`);
    const outsiderReads: Post[] = (await call(ben, "GET", `/getposts?groupId=${_id}`)).json();
    expect(outsiderReads.map((item) => item.id)).toEqual([post.id]);
    const afterLeaving = await call(ben, "POST", "/fusionpublish", {
      title: "Again",
      content: "c",
      groupId: _id,
    });
    expect(afterLeaving.statusCode).toBe(403);
  });

  it("answers 404 for posts into or of an unknown group, and 400 for a bad groupId", async () => {
    const ana = await account("Ana");
    for (const groupId of [unknownId, "nope"]) {
      const post = await call(ana, "POST", "/fusionpublish", { title: "t", content: "c", groupId });
      expect(post.statusCode).toBe(404);
      expect((await call(ana, "GET", `/getposts?groupId=${groupId}`)).statusCode).toBe(404);
    }
    const typed = await call(ana, "POST", "/fusionpublish", {
      title: "t",
      content: "c",
      groupId: 5,
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors[0].path).toBe("groupId");
    const long = await call(ana, "GET", `/getposts?groupId=${"a".repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });

  it("deletes a group's posts with the group", async () => {
    const ana = await account("Ana");
    const { _id } = await createGroup(ana);
    const created = await call(ana, "POST", "/fusionpublish", {
      title: "t",
      content: "c",
      groupId: _id,
    });
    const postId = created.json().data.id;
    expect((await call(ana, "GET", `/post/${postId}`)).statusCode).toBe(200);
    await call(ana, "DELETE", `/group/${_id}`);
    expect((await call(ana, "GET", `/post/${postId}`)).statusCode).toBe(404);
  });
});

describe("groups and blocks", () => {
  it("hides a blocked pair's groups, memberships and group posts from each other, both ways", async () => {
    const ana = await account("Ana");
    const ben = await account("Ben");
    const cho = await account("Cho");
    const anas = await createGroup(ana, "Ana's group");
    const chos = await createGroup(cho, "Cho's group");
    for (const person of [ben, cho]) await call(person, "POST", `/group/${anas._id}/join`);
    await call(ben, "POST", `/group/${chos._id}/join`);
    await call(ana, "POST", `/group/${chos._id}/join`);
    const bens = await call(ben, "POST", "/fusionpublish", {
      title: "Ben here",
      content: "c",
      groupId: chos._id,
    });
    expect(bens.statusCode).toBe(201);

    await block(ana, ben, "POST");

    // Ana's group is hidden from Ben (and the other way round would hide Ben's).
    for (const [method, url] of [
      ["GET", `/group/${anas._id}`],
      ["GET", `/group/${anas._id}/members`],
      ["GET", `/getposts?groupId=${anas._id}`],
      ["POST", `/group/${anas._id}/join`],
      ["DELETE", `/group/${anas._id}/join`],
    ] as const) {
      expect((await call(ben, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    // In a third person's group each is left out of what the other sees.
    expect(await groupOf(ana, chos._id)).toMatchObject({ members: 2 });
    expect((await membersOf(ana, chos._id)).map((member) => member._id)).toEqual([cho.id, ana.id]);
    expect((await membersOf(ben, chos._id)).map((member) => member._id)).toEqual([cho.id, ben.id]);
    expect(await groupOf(cho, chos._id)).toMatchObject({ members: 3 });
    expect((await call(ana, "GET", `/getposts?groupId=${chos._id}`)).json()).toEqual([]);
    expect((await call(cho, "GET", `/getposts?groupId=${chos._id}`)).json()).toHaveLength(1);

    await block(ana, ben, "DELETE");
    expect(await groupOf(ben, anas._id)).toMatchObject({ members: 3, isMember: true });
    expect(await groupOf(ana, chos._id)).toMatchObject({ members: 3 });
  });
});

describe("a study group's page (what a shared link unfurls to)", () => {
  it("names the group and the first line of its description, escaped; 404 for no such group", async () => {
    const creator = await usernameMember();
    const response = await call(creator, "POST", "/create", {
      name: 'Proofs "&" <lemmas>',
      description: "Weekly, room 3\nBring chalk",
      tag: "Math",
    });
    expect(response.statusCode, response.body).toBe(201);
    const id: string = response.json().data._id;
    const page = await openPage(app, `/services/groups/${id}`);
    expect(page.status).toBe(200);
    expect(titleOf(page.html)).toBe("Proofs &quot;&amp;&quot; &lt;lemmas&gt; · Kindred");
    expect(metaOf(page.html, "og:title")).toBe("Proofs &quot;&amp;&quot; &lt;lemmas&gt;");
    expect(metaOf(page.html, "og:description")).toBe("Weekly, room 3");
    expect(metaOf(page.html, "og:url")).toBe(`http://localhost:7777/services/groups/${id}`);
    expect(page.html).not.toContain("<lemmas>");

    for (const url of [`/services/groups/${randomUUID()}`, "/services/groups/not-a-uuid"]) {
      const missing = await openPage(app, url);
      expect(missing.status, url).toBe(404);
      expect(titleOf(missing.html)).toBe("Page not found · Kindred");
    }
  });
});
