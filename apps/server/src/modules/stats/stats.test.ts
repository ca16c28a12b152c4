import { SITE_STATS_MAX_AGE_MS, type SiteStats } from "@kindred/shared";
import { describe, expect, it } from "vitest";
import {
  appForFile,
  call,
  connectedPair,
  PASSWORD,
  reviewRequest,
  sendRequest,
  signUpUser,
} from "../../../test/helpers.ts";
import { updateUser } from "../users/service.ts";

let clock = new Date("2026-05-04T10:00:00.000Z");
const app = await appForFile({ now: () => clock });

/** Moves the clock past the statistics' cache window. */
function afterTheCacheWindow() {
  clock = new Date(clock.getTime() + SITE_STATS_MAX_AGE_MS);
}

/** GET /api/stats with no session and no cookie, as a first-time visitor's landing page asks. */
async function stats(): Promise<SiteStats> {
  const response = await app.inject({ method: "GET", url: "/api/stats" });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ status: 1 });
  return body.data;
}

// The tests run in order on one database: each starts from what the one before left.
describe("GET /api/stats", () => {
  it("answers a visitor without a session with zeros on an empty database", async () => {
    expect(await stats()).toEqual({ users: 0, connections: 0, interests: 0 });
  });

  it("keeps one reading for a minute, then counts the people, connections and interests again", async () => {
    // "js" is JavaScript and skills are compared without case: four interests in all.
    const [ana] = await connectedPair(app, [
      { firstName: "Ana", skills: ["JavaScript", "Chess", "Hiking"] },
      { firstName: "Bo", skills: ["js", "chess", "Cooking"] },
    ]);
    const cy = await signUpUser(app, { firstName: "Cy", skills: ["hiking", "COOKING", "chess"] });
    // An unanswered interest and a rejected one are not connections.
    await sendRequest(app, cy, "interested", ana);
    const dee = await signUpUser(app, { firstName: "Dee", skills: ["Chess", "Cooking", "js"] });
    await reviewRequest(app, dee, "rejected", await sendRequest(app, cy, "interested", dee));

    clock = new Date(clock.getTime() + SITE_STATS_MAX_AGE_MS - 1);
    expect(await stats()).toEqual({ users: 0, connections: 0, interests: 0 });

    clock = new Date(clock.getTime() + 1);
    expect(await stats()).toEqual({ users: 4, connections: 1, interests: 4 });
  });

  it("counts a new connection and a new interest only after the cache window", async () => {
    const [eve] = await connectedPair(app, [
      { firstName: "Eve", skills: ["Bouldering", "chess", "hiking"] },
      { firstName: "Fay" },
    ]);
    expect(await stats()).toEqual({ users: 4, connections: 1, interests: 4 });
    afterTheCacheWindow();
    // Fay's default skills are Programming, Chess and Hiking.
    expect(await stats()).toEqual({ users: 6, connections: 2, interests: 6 });

    const response = await call(app, eve, "PATCH", "/api/profile/edit", {
      skills: ["chess", "hiking", "cooking"],
    });
    expect(response.statusCode).toBe(200);
    afterTheCacheWindow();
    expect(await stats()).toEqual({ users: 6, connections: 2, interests: 5 });
  });

  it("leaves out a banned person, their connections and interests only they have", async () => {
    const [gus] = await connectedPair(app, [
      { firstName: "Gus", skills: ["Falconry", "chess", "hiking"] },
      { firstName: "Hal", skills: ["chess", "hiking", "cooking"] },
    ]);
    afterTheCacheWindow();
    expect(await stats()).toEqual({ users: 8, connections: 3, interests: 6 });

    await updateUser(app.db, gus.me._id, { bannedAt: clock }, clock);
    afterTheCacheWindow();
    expect(await stats()).toEqual({ users: 7, connections: 2, interests: 5 });
  });

  it("leaves out a deleted account", async () => {
    const ivy = await signUpUser(app, { firstName: "Ivy", skills: ["Origami", "chess", "js"] });
    afterTheCacheWindow();
    expect(await stats()).toEqual({ users: 8, connections: 2, interests: 6 });

    const deleted = await call(app, ivy, "DELETE", "/api/account", { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    afterTheCacheWindow();
    expect(await stats()).toEqual({ users: 7, connections: 2, interests: 5 });
  });

  it("counts again when the clock moves back", async () => {
    await signUpUser(app, { firstName: "Jo" });
    clock = new Date(clock.getTime() - 1000);
    expect(await stats()).toEqual({ users: 8, connections: 2, interests: 5 });
  });
});
