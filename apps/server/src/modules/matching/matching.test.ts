import { PUBLIC_FORM_MESSAGES } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUpUser } from "../../../test/helpers.ts";

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("GET /api/matching", () => {
  it("needs a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/matching?interest=chess" });
    expect(response.statusCode).toBe(401);
  });

  it("finds people whose skills include the interest regardless of case, not the viewer", async () => {
    const tag = `Orig${Date.now().toString(36)}`;
    const viewer = await signUpUser(app, { skills: [tag, "chess", "go"] });
    const match = await signUpUser(app, {
      firstName: "Match",
      skills: [tag.toUpperCase(), "a", "b"],
    });
    await signUpUser(app, { skills: ["x", "y", "z"] });

    const response = await app.inject({
      method: "GET",
      url: `/api/matching?interest=${encodeURIComponent(` ${tag.toLowerCase()} `)}`,
      headers: viewer.headers,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { _id: string; publicId: string; skills: string[] }[];
    expect(data.map((card) => card._id)).toEqual([match.me._id]);
    expect(data[0]?.publicId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(data[0]?.skills).toContain(tag.toUpperCase());
    expect(JSON.stringify(data)).not.toContain("@");

    const none = await app.inject({
      method: "GET",
      url: "/api/matching?interest=underwater-knitting",
      headers: viewer.headers,
    });
    expect(none.json()).toMatchObject({ message: PUBLIC_FORM_MESSAGES.noMatches, data: [] });
  });

  it('matches by canonical skill: "js" finds JavaScript people, C++ does not find C', async () => {
    const viewer = await signUpUser(app, { skills: ["Chess", "Go", "Tea"] });
    const js = await signUpUser(app, { firstName: "Jay", skills: ["JavaScript", "Tea", "Go"] });
    const both = await signUpUser(app, { firstName: "Jo", skills: ["js", "javascript", "Tea"] });
    const cee = await signUpUser(app, { firstName: "Cee", skills: ["C", "Tea", "Go"] });
    const cpp = await signUpUser(app, { firstName: "Cpp", skills: ["C++", "Tea", "Go"] });
    const matches = async (interest: string) => {
      const response = await app.inject({
        method: "GET",
        url: `/api/matching?interest=${encodeURIComponent(interest)}`,
        headers: viewer.headers,
      });
      expect(response.statusCode).toBe(200);
      return (response.json().data as { _id: string }[]).map((card) => card._id).sort();
    };
    const jsPeople = [js.me._id, both.me._id].sort();
    for (const interest of ["js", "JS", "javascript", "JavaScript"]) {
      expect(await matches(interest), interest).toEqual(jsPeople);
    }
    expect(await matches("c++")).toEqual([cpp.me._id]);
    expect(await matches("cpp")).toEqual([cpp.me._id]);
    expect(await matches("C")).toEqual([cee.me._id]);
  });

  it("leaves out a blocked pair both ways, and shows them again once unblocked", async () => {
    const tag = `Blk${Date.now().toString(36)}`;
    const ana = await signUpUser(app, { firstName: "Ana", skills: [tag, "chess", "go"] });
    const ben = await signUpUser(app, { firstName: "Ben", skills: [tag, "chess", "go"] });
    const cy = await signUpUser(app, { firstName: "Cy", skills: [tag, "chess", "go"] });
    const matches = async (viewer: typeof ana) => {
      const response = await app.inject({
        method: "GET",
        url: `/api/matching?interest=${tag}`,
        headers: viewer.headers,
      });
      expect(response.statusCode).toBe(200);
      return (response.json().data as { _id: string }[]).map((card) => card._id).sort();
    };
    const ids = (...people: (typeof ana)[]) => people.map((person) => person.me._id).sort();
    expect(await matches(ana)).toEqual(ids(ben, cy));
    expect(await matches(ben)).toEqual(ids(ana, cy));

    const blocked = await app.inject({
      method: "POST",
      url: `/api/user/block/${ben.me._id}`,
      headers: ana.headers,
      payload: {},
    });
    expect(blocked.statusCode).toBe(201);
    expect(await matches(ana)).toEqual(ids(cy));
    expect(await matches(ben)).toEqual(ids(cy));
    expect(await matches(cy)).toEqual(ids(ana, ben));

    const unblocked = await app.inject({
      method: "DELETE",
      url: `/api/user/block/${ben.me._id}`,
      headers: ana.headers,
    });
    expect(unblocked.statusCode).toBe(200);
    expect(await matches(ana)).toEqual(ids(ben, cy));
    expect(await matches(ben)).toEqual(ids(ana, cy));
  });

  it("refuses an empty or too long interest with 400", async () => {
    const viewer = await signUpUser(app);
    for (const interest of ["", "   ", "x".repeat(31)]) {
      const response = await app.inject({
        method: "GET",
        url: `/api/matching?interest=${interest}`,
        headers: viewer.headers,
      });
      expect(response.statusCode, interest).toBe(400);
    }
  });
});
