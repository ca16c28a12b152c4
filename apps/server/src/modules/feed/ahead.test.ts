import type { FeedCard } from "@kindred/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appForFile,
  call,
  logIn,
  MANUAL_JOBS,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";
import { selectRows } from "../../db/rows.ts";
import { feedRankings } from "../../db/schema.ts";
import { enqueueJob } from "../jobs/service.ts";

// A person's ranking is made ahead of their first page (decision 134): at sign-in, at once in the
// process that signed them in, with a durable job behind it.

const app = await appForFile({ feedRankAhead: true, jobs: MANUAL_JOBS });

/** The viewer's kept ranking: its version and the key of the skills it was made for. */
async function rankingOf(viewer: Session) {
  const [row] = await app.db
    .select({ version: feedRankings.version, skillsKey: feedRankings.skillsKey })
    .from(feedRankings)
    .where(eq(feedRankings.viewerId, viewer.me._id));
  return row;
}

async function firstNames(viewer: Session): Promise<string[]> {
  const response = await call(app, viewer.headers, "GET", "/api/feed?limit=10");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as FeedCard[]).map((card) => card.firstName);
}

const waitingJobs = async (viewer: Session) =>
  (
    await selectRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from jobs
          where kind = 'feed_ranking' and payload->>'userId' = ${viewer.me._id}`,
    )
  )[0]?.n;

describe("rankings made ahead of the first page", () => {
  it("a sign-up makes the ranking the first page reads, and no job is left", async () => {
    await signUpUser(app, { firstName: "Ada", skills: ["Welding", "Pottery", "Glassblowing"] });
    await signUpUser(app, { firstName: "Bo", skills: ["Welding", "Juggling", "Origami"] });
    const viewer = await signUpUser(app, {
      firstName: "Viewer",
      skills: ["Welding", "Pottery", "Glassblowing"],
    });
    await app.feed.settled();

    const made = await rankingOf(viewer);
    expect(made).toBeDefined();
    expect(await waitingJobs(viewer)).toBe(0);
    expect((await firstNames(viewer)).slice(0, 2)).toEqual(["Ada", "Bo"]);
    // The page read the ranking made at sign-up rather than making its own.
    expect((await rankingOf(viewer))?.version).toBe(made?.version);
  });

  it("a sign-in makes it again when none is kept", async () => {
    const viewer = await signUpUser(app, {
      firstName: "Returning",
      skills: ["Falconry", "Beekeeping", "Sailing"],
    });
    await app.feed.settled();
    await app.db.delete(feedRankings).where(eq(feedRankings.viewerId, viewer.me._id));

    await logIn(app, viewer.me.emailId);
    await app.feed.settled();
    expect(await rankingOf(viewer)).toBeDefined();
  });

  it("the durable job makes a ranking no process made, and ends for an account that is gone", async () => {
    const viewer = await signUpUser(app, {
      firstName: "Stopped",
      skills: ["Archery", "Fencing", "Rowing"],
    });
    await app.feed.settled();
    await app.db.delete(feedRankings).where(eq(feedRankings.viewerId, viewer.me._id));
    // As a sign-in leaves it when its process stops before the making ends.
    const job = (userId: string) =>
      enqueueJob(app.db, {
        kind: "feed_ranking",
        key: `feed_ranking:${userId}`,
        group: userId,
        payload: { userId },
      });
    await job(viewer.me._id);
    await job("00000000-0000-4000-8000-000000000000");

    await app.jobs.runDueJobs();
    expect(await rankingOf(viewer)).toBeDefined();
    const left = await selectRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from jobs where kind = 'feed_ranking'`,
    );
    expect(left[0]?.n).toBe(0);
  });

  it("past four makings at once, a sign-in leaves its ranking to its job", async () => {
    const viewer = await signUpUser(app, {
      firstName: "Burst",
      skills: ["Surfing", "Kayaking", "Diving"],
    });
    await app.feed.settled();
    await app.db.delete(feedRankings).where(eq(feedRankings.viewerId, viewer.me._id));
    const releases: (() => void)[] = [];
    for (let index = 0; index < 4; index++) {
      app.feed.track(new Promise<void>((resolve) => releases.push(resolve)));
    }

    await logIn(app, viewer.me.emailId);
    for (const release of releases) release();
    await app.feed.settled();
    expect(await rankingOf(viewer)).toBeUndefined();
    expect(await waitingJobs(viewer)).toBe(1);
  });
});
