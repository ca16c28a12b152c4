import {
  SEARCH_MESSAGES,
  type SearchAnswer,
  type SearchEvent,
  type SearchGroup,
  type SearchPerson,
  type SearchPost,
} from "@kindred/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type CommunityAccount, communityKit } from "../../../test/community-helpers.ts";
import { appForFile, call as callApp } from "../../../test/helpers.ts";
import { selectRows } from "../../db/rows.ts";

const app = await appForFile({ communityCreatePerMember: { max: 1000, windowMs: 60_000 } });

type Person = CommunityAccount;

const { account, call, block } = communityKit(app);

/** An account in the community, with skills of its own unless given others. */
function person(firstName: string, lastName: string, skills = ["Cooking", "Chess", "Hiking"]) {
  return account(firstName, lastName, skills);
}

async function community(author: Person, url: string, payload: object): Promise<string> {
  const response = await call(author, "POST", url, payload);
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data as { id?: string; _id?: string };
  return (data._id ?? data.id) as string;
}

function createGroup(author: Person, name: string, description = "We meet on Tuesdays") {
  return community(author, "/create", { u_id: author.id, name, description, tag: "Math" });
}

function createPost(author: Person, title: string, content: string, groupId?: string) {
  return community(author, "/fusionpublish", { userId: author.id, title, content, groupId });
}

function createEvent(author: Person, title: string, date: Date) {
  return community(author, "/createevent", {
    u_id: author.id,
    title,
    description: "Bring a laptop",
    date: date.toISOString(),
    location: "Room 4",
  });
}

async function search(viewer: Person, query: string): Promise<SearchAnswer> {
  const response = await callApp(app, viewer, "GET", `/api/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchAnswer;
}

/** The rows of the word list search corrects typos against that hold `word`. */
function wordsNamed(word: string) {
  return selectRows<{ word: string }>(
    app.db,
    sql`select word from search_words where word = ${word}`,
  );
}

const names = (people: SearchPerson[]) =>
  people.map((card) => `${card.firstName} ${card.lastName}`);

const future = new Date(Date.now() + 7 * 24 * 3600_000);
const past = new Date(Date.now() - 7 * 24 * 3600_000);

// The people, posts, groups and events every test searches among.
const viewer = await person("Vera", "Searcher");
const john = await person("John", "Carpenter");
const pythonist = await person("Priya", "Natarajan", ["Python", "Statistics", "Running"]);
await person("Joanna", "Mills");
// Shares more trigrams with "jonh" than John does: only the swapped-letters rank puts John first.
await person("Jonas", "Berg");
await person("Oskar", "Lindqvist", ["Pottery", "Sailing", "Tennis"]);
const graphGroup = await createGroup(john, "Graph theory circle", "Trees, cycles and colourings");
await createGroup(pythonist, "Pottery for beginners");
const boardPost = await createPost(john, "Dijkstra explained", "Shortest paths with a heap");
const groupPost = await createPost(john, "Coloring planar graphs", "Four colours", graphGroup);
const soonEvent = await createEvent(pythonist, "Hackathon kickoff", future);
const pastEvent = await createEvent(pythonist, "Hackathon retrospective", past);

describe("GET /api/search", () => {
  it("needs a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/search?q=john" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
  });

  it('finds "Jonh" for John, before Jonas, the exact and prefix matches first, never the searcher', async () => {
    const answer = await search(viewer, "q=Jonh");
    expect(names(answer.data.people)[0]).toBe("John Carpenter");
    expect(answer.data.people[0]?._id).toBe(john.id);
    expect(answer.data.people[0]?.publicId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(answer)).not.toContain("@");

    const prefix = await search(viewer, "q=jo");
    expect(names(prefix.data.people).sort()).toEqual([
      "Joanna Mills",
      "John Carpenter",
      "Jonas Berg",
    ]);

    const self = await search(viewer, "q=vera");
    expect(self.data.people.map((card) => card._id)).not.toContain(viewer.id);
  });

  it('finds a skill under another of its names: "algorithms" for the person who typed DSA', async () => {
    const solver = await person("Sunil", "Rao", ["DSA", "Cycling", "Baking"]);
    const answer = await search(viewer, "q=algorithms");
    // Not a single trigram in common: only the vocabulary knows the two are one skill.
    expect(answer.data.people[0]?._id).toBe(solver.id);
  });

  it('understands "who can teach me Python" and "who wants to learn pottery"', async () => {
    const teach = await search(viewer, `q=${encodeURIComponent("who can teach me Python?")}`);
    expect(teach.data.people.map((card) => card._id)).toEqual([pythonist.id]);
    const learner = await person("Lea", "Student", ["Knitting", "Origami", "Judo"]);
    const saved = await callApp(app, learner, "PATCH", "/api/profile/edit", {
      learning: ["Ceramics", "Pottery"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const q of ["who wants to learn pottery", "learning Pottery", "Who learns pottery?"]) {
      const answer = await search(viewer, `type=people&q=${encodeURIComponent(q)}`);
      expect(
        answer.data.people.map((card) => card._id),
        q,
      ).toEqual([learner.id]);
      expect(answer.data.people[0]?.learning).toEqual(["Ceramics", "Pottery"]);
    }
    // A person named like the question is not what it asks for.
    const nobody = await search(viewer, `q=${encodeURIComponent("who wants to learn Quenya")}`);
    expect(nobody.data.people).toEqual([]);
  });

  it('finds "pyhton" for a Python person, by skill', async () => {
    const answer = await search(viewer, "q=pyhton");
    expect(answer.data.people.map((card) => card._id)).toEqual([pythonist.id]);
    expect(answer.data.people[0]?.skills).toContain("Python");
  });

  it('ranks a post on "attention" for "atention" above people whose skills only end like it', async () => {
    const translator = await person("Tomas", "Kovac", ["Translation", "Gardening", "Yoga"]);
    const illustrator = await person("Ines", "Duarte", ["Illustration", "Climbing", "Baking"]);
    const author = await person("Paula", "Writer", ["Writing", "Reading", "Jogging"]);
    const post = await createPost(author, "Training attention", "Ten minutes a day, no phone");

    const answer = await search(viewer, "q=atention");
    // The answer lists people before posts: the people sharing only "tion" are not there at all.
    const people = answer.data.people.map((card) => card._id);
    expect(people).not.toContain(translator.id);
    expect(people).not.toContain(illustrator.id);
    expect(answer.data.posts.map((hit: SearchPost) => hit.id)).toEqual([post]);

    // The same people are still found by their own words, typos included.
    const translation = await search(viewer, "q=translaton");
    expect(translation.data.people.map((card) => card._id)).toContain(translator.id);
    const illustration = await search(viewer, "q=ilustration");
    expect(illustration.data.people.map((card) => card._id)).toContain(illustrator.id);
  });

  it('finds "grpah" for the graph group, its posts across the four kinds', async () => {
    const answer = await search(viewer, "q=grpah");
    expect(answer.data.groups.map((group: SearchGroup) => group._id)).toEqual([graphGroup]);
    expect(answer.data.groups[0]).toMatchObject({ name: "Graph theory circle", u_id: john.id });
    expect(answer.data.posts.map((post: SearchPost) => post.id)).toEqual([groupPost]);
    expect(answer.data.posts[0]).toMatchObject({
      title: "Coloring planar graphs",
      excerpt: "Four colours",
      authorName: "John Carpenter",
      groupId: graphGroup,
    });

    const board = await search(viewer, "q=dijkstra");
    expect(board.data.posts.map((post: SearchPost) => post.id)).toEqual([boardPost]);
    expect(board.message).toBe(SEARCH_MESSAGES.found);
  });

  it("lists upcoming events before past ones, with typos", async () => {
    const answer = await search(viewer, "q=hakathon");
    expect(answer.data.events.map((event: SearchEvent) => event._id)).toEqual([
      soonEvent,
      pastEvent,
    ]);
    expect(answer.data.events[0]).toMatchObject({ title: "Hackathon kickoff", cancelledAt: null });
  });

  it("answers nothing found with a sentence and empty kinds", async () => {
    const answer = await search(viewer, "q=zzqqxxww");
    expect(answer.message).toBe(SEARCH_MESSAGES.nothing);
    expect(answer.data).toEqual({ people: [], posts: [], groups: [], events: [] });
    expect(answer.nextCursor).toEqual({ people: null, posts: null, groups: null, events: null });
  });

  it("never shows a blocked pair, either way, in any kind, and shows them again once unblocked", async () => {
    const kinds = async (who: Person, q: string) => {
      const { data } = await search(who, `q=${q}`);
      return {
        people: data.people.map((card) => card._id),
        posts: data.posts.map((post) => post.id),
        groups: data.groups.map((group) => group._id),
        events: data.events.map((event) => event._id),
      };
    };
    const watcher = await person("Walter", "Watcher");
    await block(watcher, john);
    const seen = await kinds(watcher, "john");
    expect(seen.people).not.toContain(john.id);
    const graphs = await kinds(watcher, "graph");
    expect(graphs.groups).not.toContain(graphGroup);
    expect(graphs.posts).toEqual([]);

    // Blocked by the other side: the same.
    const blocked = await person("Bella", "Blocked");
    await block(pythonist, blocked);
    expect((await kinds(blocked, "python")).people).toEqual([]);
    expect((await kinds(blocked, "hackathon")).events).toEqual([]);
    expect((await kinds(blocked, "pottery")).groups).toEqual([]);
    expect((await kinds(pythonist, "bella")).people).not.toContain(blocked.id);

    await block(watcher, john, "DELETE");
    expect((await kinds(watcher, "john")).people).toContain(john.id);
  });

  it("pages one kind with its cursor and refuses a cursor of another kind", async () => {
    const pager = await person("Paula", "Pager");
    for (const n of [1, 2, 3]) await createGroup(pager, `Topology seminar ${n}`);
    const first = await search(viewer, "q=topology&type=groups&limit=2");
    expect(first.data.groups).toHaveLength(2);
    expect(first.data.people).toEqual([]);
    const cursor = first.nextCursor.groups;
    expect(cursor).toEqual(expect.any(String));
    const second = await search(viewer, `q=topology&type=groups&limit=2&cursor=${cursor}`);
    expect(second.data.groups).toHaveLength(1);
    expect(second.nextCursor.groups).toBeNull();
    const all = [...first.data.groups, ...second.data.groups].map((group) => group.name).sort();
    expect(all).toEqual(["Topology seminar 1", "Topology seminar 2", "Topology seminar 3"]);

    // Without a type, the first page of every kind, each with its own cursor.
    const everything = await search(viewer, "q=topology&limit=1");
    expect(everything.data.groups).toHaveLength(1);
    expect(everything.nextCursor.groups).toEqual(expect.any(String));

    for (const query of [
      `q=topology&type=people&cursor=${cursor}`,
      `q=topology&cursor=${cursor}`,
      "q=topology&type=groups&cursor=bm90LWEtY3Vyc29y",
      "q=topology&type=groups&cursor=%25%25",
    ]) {
      const response = await app.inject({
        method: "GET",
        url: `/api/search?${query}`,
        headers: viewer.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
      expect(response.json().errors[0].path).toBe("cursor");
    }
  });

  it("refuses bad queries with a 400 and a sentence", async () => {
    for (const [query, path] of [
      ["", "q"],
      ["q=", "q"],
      ["q=%20%20", "q"],
      ["q=a", "q"],
      [`q=${"a".repeat(101)}`, "q"],
      ["q=ab%00", "q"],
      ["q=ab%07c", "q"],
      ["q=john&type=cats", "type"],
      ["q=john&limit=0", "limit"],
      ["q=john&limit=21", "limit"],
      ["q=john&limit=x", "limit"],
      ["q=john&limit=2.5", "limit"],
    ] as const) {
      const response = await app.inject({
        method: "GET",
        url: `/api/search?${query}`,
        headers: viewer.headers,
      });
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body, query).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
      expect(
        body.errors.map((error: { path: string }) => error.path),
        query,
      ).toContain(path);
    }
    const hundred = await search(viewer, `q=${"a".repeat(100)}`);
    expect(hundred.data.people).toEqual([]);
  });

  it("needs every word of a search, each forgiven its typo, and finds the longer words it begins", async () => {
    const both = await search(viewer, "type=posts&q=plnaar grpah");
    expect(both.data.posts.map((post: SearchPost) => post.id)).toEqual([groupPost]);
    const one = await search(viewer, "type=posts&q=graph cooking");
    expect(one.data.posts).toEqual([]);
    const begun = await search(viewer, "type=posts&q=colo");
    expect(begun.data.posts.map((post: SearchPost) => post.id)).toEqual([groupPost]);
  });

  it("corrects a typo to a word only while a text still holds it, whoever wrote it", async () => {
    const writer = await person("Wren", "Quill");
    const postId = await createPost(writer, "Zephyrine notes", "On the zephyrine wind");
    const found = await search(viewer, "type=posts&q=zephyrnie");
    expect(found.data.posts.map((post: SearchPost) => post.id)).toEqual([postId]);

    const deleted = await call(writer, "DELETE", `/post/${postId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The word list that corrects typos keeps nothing of a deleted text.
    expect(await wordsNamed("zephyrine")).toEqual([]);
    // A word another text still holds stays.
    expect(await wordsNamed("graphs")).toEqual([{ word: "graphs" }]);
  });

  it("takes quotes, backslashes and query operators as plain text, in texts and in searches", async () => {
    const writer = await person("Odile", "Brien");
    const title = "O'Brien's a\\b x:y & | ! <-> :* (note)";
    const postId = await createPost(writer, title, "It's 'quoted' \\ and !not");
    for (const q of ["o'brien's", "a\\b", "x:y", "& | !", "<->", ":*", "''", "(note)"]) {
      const response = await app.inject({
        method: "GET",
        url: `/api/search?type=posts&q=${encodeURIComponent(q)}`,
        headers: viewer.headers,
      });
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
    const found = await search(viewer, `type=posts&q=${encodeURIComponent("o'brien's")}`);
    expect(found.data.posts.map((post: SearchPost) => post.id)).toContain(postId);
    const deleted = await call(writer, "DELETE", `/post/${postId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
