import type { FeedCard, SignupBody } from "@kindred/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, signUpUser } from "../../../test/helpers.ts";
import { users } from "../../db/schema.ts";

type Session = Awaited<ReturnType<typeof signUpUser>>;

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
  createdAt: string,
  extra: Partial<SignupBody> = {},
): Promise<Session> {
  const session = await signUpUser(app, { firstName, skills, ...extra });
  await app.db
    .update(users)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(users.id, session.me._id));
  return session;
}

async function feed(viewer: Session, query = "") {
  return app.inject({ method: "GET", url: `/api/feed${query}`, headers: viewer.headers });
}

async function feedCards(viewer: Session, query = ""): Promise<FeedCard[]> {
  const response = await feed(viewer, query);
  expect(response.statusCode).toBe(200);
  return response.json().data as FeedCard[];
}

async function send(from: Session, status: string, to: Session) {
  const response = await app.inject({
    method: "POST",
    url: `/api/request/send/${status}/${to.me._id}`,
    headers: from.headers,
    payload: {},
  });
  expect(response.statusCode).toBe(201);
  return response.json().data._id as string;
}

async function review(reviewer: Session, status: string, requestId: string) {
  const response = await app.inject({
    method: "POST",
    url: `/api/request/review/${status}/${requestId}`,
    headers: reviewer.headers,
    payload: {},
  });
  expect(response.statusCode).toBe(200);
}

describe("GET /api/feed", () => {
  it("needs a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/feed" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
  });

  it("rejects a limit over 50 and a page or limit under 1", async () => {
    const viewer = await signUpUser(app);
    for (const query of ["?limit=51", "?limit=0", "?page=0", "?page=abc"]) {
      const response = await feed(viewer, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().status).toBe(0);
    }
    expect((await feed(viewer, "?limit=50")).statusCode).toBe(200);
  });

  it("leaves out the viewer and anyone with a request either way, whatever its status", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    const sentInterested = await person("SentInterested", ["a", "b", "c"], "2024-01-02T00:00:00Z");
    const sentIgnored = await person("SentIgnored", ["a", "b", "c"], "2024-01-03T00:00:00Z");
    const gotInterested = await person("GotInterested", ["a", "b", "c"], "2024-01-04T00:00:00Z");
    const gotIgnored = await person("GotIgnored", ["a", "b", "c"], "2024-01-05T00:00:00Z");
    const accepted = await person("Accepted", ["chess", "b", "c"], "2024-01-06T00:00:00Z");
    const rejected = await person("Rejected", ["chess", "b", "c"], "2024-01-07T00:00:00Z");
    const stranger = await person("Stranger", ["a", "b", "c"], "2024-01-08T00:00:00Z");

    await send(viewer, "interested", sentInterested);
    await send(viewer, "ignored", sentIgnored);
    await send(gotInterested, "interested", viewer);
    await send(gotIgnored, "ignored", viewer);
    await review(viewer, "accepted", await send(accepted, "interested", viewer));
    await review(viewer, "rejected", await send(rejected, "interested", viewer));

    const cards = await feedCards(viewer);
    expect(cards.map((card) => card.firstName)).toEqual(["Stranger"]);
    expect(cards[0]?._id).toBe(stranger.me._id);

    // The exclusion holds from the other side too.
    for (const other of [sentInterested, gotIgnored, accepted, rejected]) {
      const theirs = await feedCards(other);
      expect(theirs.map((card) => card._id)).not.toContain(viewer.me._id);
    }
  });

  it("ranks by shared skills (regardless of case), then newest, in the card's own spelling", async () => {
    const viewer = await person("Viewer", ["Chess", "Python", "Hiking"], "2024-01-01T00:00:00Z");
    await person("OldTwo", ["hiking", "Cooking", "chess"], "2024-02-01T00:00:00Z");
    await person("NewTwo", ["PYTHON", "Cooking", "chess"], "2024-03-01T00:00:00Z");
    await person("Three", ["Baking", "hIKING", "Python", "CHESS"], "2024-01-15T00:00:00Z");
    await person("One", ["Rust", "Go", "python"], "2024-04-01T00:00:00Z");
    await person("NoneNewest", ["Rust", "Go", "Zig"], "2024-06-01T00:00:00Z");
    await person("NoneOlder", ["Rust", "Go", "Zig"], "2024-05-01T00:00:00Z");

    const cards = await feedCards(viewer);
    expect(cards.map((card) => card.firstName)).toEqual([
      "Three",
      "NewTwo",
      "OldTwo",
      "One",
      "NoneNewest",
      "NoneOlder",
    ]);
    const byName = Object.fromEntries(cards.map((card) => [card.firstName, card]));
    expect(byName.Three?.matchingSkills).toEqual(["hIKING", "Python", "CHESS"]);
    expect(byName.NewTwo?.matchingSkills).toEqual(["PYTHON", "chess"]);
    expect(byName.OldTwo?.matchingSkills).toEqual(["hiking", "chess"]);
    expect(byName.One?.matchingSkills).toEqual(["python"]);
    expect(byName.NoneNewest?.matchingSkills).toEqual([]);
    expect(byName.Three?.skills).toEqual(["Baking", "hIKING", "Python", "CHESS"]);
  });

  it("serves cards in the contract's shape, with an avatar and no email", async () => {
    const viewer = await person("Viewer", ["Chess", "Go", "Poker"], "2024-01-01T00:00:00Z");
    await person("Other", ["Chess", "Go", "Poker"], "2024-01-02T00:00:00Z", {
      lastName: "Person",
      emailId: "other.person@example.com",
    });
    const response = await feed(viewer);
    expect(response.body).not.toContain("example.com");
    expect(response.body).not.toMatch(/emailId|password/i);
    const body = response.json();
    expect(body).toMatchObject({ status: 1, message: expect.any(String) });
    const [card] = body.data as FeedCard[];
    expect(Object.keys(card ?? {}).sort()).toEqual(
      [
        "_id",
        "about",
        "age",
        "firstName",
        "gender",
        "lastName",
        "matchingSkills",
        "photoUrl",
        "skills",
      ].sort(),
    );
    expect(card?.photoUrl).toBe(`/api/avatars/${card?._id}.svg`);
  });

  it("pages are stable: no overlap, together everyone, in the same order as one big page", async () => {
    const viewer = await person("Viewer", ["Chess", "Python", "Hiking"], "2024-01-01T00:00:00Z");
    const skillSets = [
      ["Chess", "Python", "Hiking"],
      ["chess", "a", "b"],
      ["x", "y", "z"],
      ["python", "hiking", "c"],
      ["x", "y", "z"],
      ["CHESS", "d", "e"],
    ];
    const everyone: string[] = [];
    for (let index = 0; index < 13; index++) {
      // Two people share each creation time, so the id tie-break is exercised too.
      const day = String(2 + Math.floor(index / 2)).padStart(2, "0");
      const session = await person(
        `P${index}`,
        skillSets[index % skillSets.length] as string[],
        `2024-03-${day}T00:00:00Z`,
      );
      everyone.push(session.me._id);
    }
    const all = (await feedCards(viewer, "?limit=50")).map((card) => card._id);
    expect([...all].sort()).toEqual([...everyone].sort());

    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const cards = await feedCards(viewer, `?page=${page}&limit=5`);
      expect(cards).toHaveLength(page < 3 ? 5 : 3);
      paged.push(...cards.map((card) => card._id));
    }
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(13);
    expect(await feedCards(viewer, "?page=4&limit=5")).toEqual([]);
  });

  it("defaults to 10 cards per page", async () => {
    const viewer = await signUpUser(app);
    for (let index = 0; index < 11; index++) await signUpUser(app);
    expect(await feedCards(viewer)).toHaveLength(10);
    expect(await feedCards(viewer, "?page=2")).toHaveLength(1);
  });
});
