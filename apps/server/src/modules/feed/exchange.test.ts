import { type FeedCard, MAX_LEARNING, type SignupBody } from "@kindred/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type Session, signUpUser } from "../../../test/helpers.ts";
import { users } from "../../db/schema.ts";

// What people want to learn, and the feed that ranks who can teach whom (issue 42).

let app: FastifyInstance;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(async () => {
  await app.close();
});

/** Signs someone up and pins their profile's creation time, so "newest" is explicit. */
async function person(
  firstName: string,
  skills: string[],
  learning: string[],
  createdAt: string,
  extra: Partial<SignupBody> = {},
): Promise<Session> {
  const session = await signUpUser(app, { firstName, skills, learning, ...extra });
  await app.db
    .update(users)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(users.id, session.me._id));
  return session;
}

async function feed(viewer: Session, query = "") {
  const response = await app.inject({
    method: "GET",
    url: `/api/feed${query}`,
    headers: viewer.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: FeedCard[]; nextCursor: string | null };
}

const names = (cards: FeedCard[]) => cards.map((card) => card.firstName);

function edit(who: Session, payload: Record<string, unknown>) {
  return app.inject({ method: "PATCH", url: "/api/profile/edit", headers: who.headers, payload });
}

/**
 * A knows Python and wants to learn Guitar; B knows Guitar and wants to learn Python; C knows
 * Guitar only; D shares Python only; E shares nothing. The newest is the furthest down the
 * order, so the order cannot come from newness.
 */
async function people() {
  const a = await person("Ada", ["Python", "Knitting", "Origami"], ["Guitar"], "2024-01-01");
  const b = await person("Bo", ["Guitar", "Surfing", "Pottery"], ["python"], "2024-02-01", {
    age: 30,
  });
  const c = await person("Cy", ["guitar", "Baking", "Rowing"], [], "2024-03-01");
  const d = await person("Dee", ["Python", "Sailing", "Judo"], ["Chess"], "2024-04-01");
  const e = await person("Eve", ["Tennis", "Opera", "Ballet"], ["Python"], "2024-05-01");
  return { a, b, c, d, e };
}

describe("GET /api/feed: who can teach whom", () => {
  it("ranks an exchange both ways, then who can teach me, then shared skills, then newest", async () => {
    const { a } = await people();
    const { data } = await feed(a);
    expect(names(data)).toEqual(["Bo", "Cy", "Dee", "Eve"]);
    const [bo, cy, dee, eve] = data as [FeedCard, FeedCard, FeedCard, FeedCard];
    // Bo's card says what each can teach the other, each in its owner's spelling.
    expect(bo.exchange).toEqual({ teachesMe: ["Guitar"], learnsFromMe: ["Python"] });
    expect(bo.learning).toEqual(["python"]);
    expect(cy.exchange).toEqual({ teachesMe: ["guitar"], learnsFromMe: [] });
    expect(dee.exchange).toEqual({ teachesMe: [], learnsFromMe: [] });
    expect(dee.matchingSkills).toEqual(["Python"]);
    // Eve wants to learn what Ada knows, but has nothing Ada wants: it is said, not ranked.
    expect(eve.exchange).toEqual({ teachesMe: [], learnsFromMe: ["Python"] });
  });

  it("says the trade from the other side too", async () => {
    const { b } = await people();
    const { data } = await feed(b);
    const ada = data.find((card) => card.firstName === "Ada");
    expect(ada?.exchange).toEqual({ teachesMe: ["Python"], learnsFromMe: ["Guitar"] });
    expect(names(data)[0]).toBe("Ada");
  });

  it("ranks again at once when the viewer or a card changes what they learn", async () => {
    const { a, c } = await people();
    expect(names((await feed(a)).data)).toEqual(["Bo", "Cy", "Dee", "Eve"]);
    // Cy now wants to learn Python: both ways, and newer than Bo.
    expect((await edit(c, { learning: ["Python"] })).statusCode).toBe(200);
    expect(names((await feed(a)).data)).toEqual(["Cy", "Bo", "Dee", "Eve"]);
    // Ada wants to learn Ballet instead: Eve can teach it and wants Python.
    expect((await edit(a, { learning: ["Ballet"] })).statusCode).toBe(200);
    expect(names((await feed(a)).data)).toEqual(["Eve", "Dee", "Cy", "Bo"]);
  });

  it("pages by cursor through the same order", async () => {
    const { a } = await people();
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query: string = `?limit=1${cursor ? `&cursor=${cursor}` : ""}`;
      const { data, nextCursor } = await feed(a, query);
      seen.push(...names(data));
      cursor = nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(["Bo", "Cy", "Dee", "Eve"]);
  });
});

describe("GET /api/feed?teaches=&learns=", () => {
  it("keeps who can teach a skill, who wants to learn one, or both, in the feed's order", async () => {
    const { a, d } = await people();
    expect(names((await feed(a, "?teaches=Guitar")).data)).toEqual(["Bo", "Cy"]);
    // By any of the skill's names.
    expect(names((await feed(d, "?teaches=py")).data)).toEqual(["Ada"]);
    expect(names((await feed(a, "?learns=Python")).data)).toEqual(["Bo", "Eve"]);
    expect(names((await feed(a, "?teaches=guitar&learns=python")).data)).toEqual(["Bo"]);
    // Nobody: an empty page, not an error.
    expect(await feed(a, "?teaches=Rust")).toEqual(expect.objectContaining({ data: [] }));
    // An empty filter is no filter.
    expect(names((await feed(a, "?teaches=&learns=")).data)).toEqual(["Bo", "Cy", "Dee", "Eve"]);
  });

  it("pages a filter by cursor and leaves out requests, blocks and the other age band", async () => {
    const { a, c } = await people();
    await person("Teen", ["Guitar", "x", "y"], [], "2024-06-01", { age: 15 });
    const first = await feed(a, "?teaches=Guitar&limit=1");
    expect(names(first.data)).toEqual(["Bo"]);
    const second = await feed(a, `?teaches=Guitar&limit=1&cursor=${first.nextCursor}`);
    expect(names(second.data)).toEqual(["Cy"]);
    const third = await feed(a, `?teaches=Guitar&limit=1&cursor=${second.nextCursor}`);
    expect(third).toEqual({ status: 1, message: "Feed loaded", data: [], nextCursor: null });
    const block = await app.inject({
      method: "POST",
      url: `/api/user/block/${a.me._id}`,
      headers: c.headers,
      payload: {},
    });
    expect(block.statusCode).toBe(201);
    expect(names((await feed(a, "?teaches=Guitar")).data)).toEqual(["Bo"]);
  });

  it("keeps who the filter names now: a skill given up or taken up counts at once", async () => {
    const { a, c } = await people();
    expect(names((await feed(a, "?teaches=Guitar")).data)).toEqual(["Bo", "Cy"]);
    expect((await edit(c, { skills: ["Baking", "Rowing", "Sailing"] })).statusCode).toBe(200);
    expect(names((await feed(a, "?teaches=Guitar")).data)).toEqual(["Bo"]);
    // And someone who just took up the skill is in at once.
    expect((await edit(c, { skills: ["Guitar", "Rowing", "Sailing"] })).statusCode).toBe(200);
    expect(names((await feed(a, "?teaches=Guitar")).data)).toEqual(["Bo", "Cy"]);
  });

  it("answers 400 for a filter that is not a skill", async () => {
    const { a } = await people();
    for (const bad of [
      `teaches=${"a".repeat(31)}`,
      "teaches=%00",
      "learns=%E2%80%8B",
      "teaches=a&teaches=b",
    ]) {
      const response = await app.inject({
        method: "GET",
        url: `/api/feed?${bad}`,
        headers: a.headers,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
  });
});

describe("GET /api/feed?campus=1", () => {
  const setCampus = (who: Session, campus: string | null) =>
    app.db.update(users).set({ campus }).where(eq(users.id, who.me._id));

  it("keeps the people of the viewer's university, with the other filters and the order", async () => {
    const { a, b, c, e } = await people();
    for (const who of [a, c, e]) await setCampus(who, "University of Oxford");
    await setCampus(b, "University of Cambridge");
    const cards = (await feed(a, "?campus=1")).data;
    expect(names(cards)).toEqual(["Cy", "Eve"]);
    expect(cards[0]?.campus).toBe("University of Oxford");
    expect(names((await feed(a, "?campus=1&teaches=Guitar")).data)).toEqual(["Cy"]);
    // Leaving the university takes the person out at once.
    await setCampus(c, null);
    expect(names((await feed(a, "?campus=1")).data)).toEqual(["Eve"]);
  });

  it("is empty for a viewer with no university, and 400 for a value that is not 1 or 0", async () => {
    const { a, c } = await people();
    await setCampus(c, "University of Oxford");
    expect(await feed(a, "?campus=1")).toEqual(expect.objectContaining({ data: [] }));
    expect(names((await feed(a, "?campus=0")).data)).toEqual(["Bo", "Cy", "Dee", "Eve"]);
    const bad = await app.inject({
      method: "GET",
      url: "/api/feed?campus=yes",
      headers: a.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("learning on the profile", () => {
  it("is saved, shown on the profile and the public profile, and limited to 20", async () => {
    const { a } = await people();
    expect(a.me.learning).toEqual(["Guitar"]);
    const saved = await edit(a, { learning: [" Rust ", "rust", "Go"] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.learning).toEqual(["Rust", "Go"]);
    const view = await app.inject({ method: "GET", url: "/api/profile/view", headers: a.headers });
    expect(view.json().learning).toEqual(["Rust", "Go"]);
    const link = await app.inject({
      method: "GET",
      url: "/api/generate_public_url",
      headers: a.headers,
    });
    const publicId = (link.json().data.url as string).split("/").pop();
    const shown = await app.inject({ method: "GET", url: `/api/get_public_profile/${publicId}` });
    expect(shown.json().data.learning).toEqual(["Rust", "Go"]);
    const tooMany = await edit(a, {
      learning: Array.from({ length: MAX_LEARNING + 1 }, (_, index) => `skill ${index}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      { path: "learning", message: `Add at most ${MAX_LEARNING} skills to learn` },
    ]);
    // None is fine: learning is optional.
    expect((await edit(a, { learning: [] })).json().data.learning).toEqual([]);
    for (const bad of ["Python", [""], [42], ["a".repeat(31)]]) {
      const response = await edit(a, { learning: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
