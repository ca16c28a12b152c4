import { personOn, playChatParity } from "../chat-scenario.ts";
import { test } from "../fixtures.ts";
import { type FreshServer, startFreshServer } from "../fresh-server.ts";

// The same chat across two server processes that share PostgreSQL and Redis: Ana's browser
// talks to one, Ben's to the other, so every live event crosses processes through Redis.
// `.ci/run` gives the two addresses; without them (a machine with only Node.js) it is skipped.
const databaseUrl = process.env.E2E_CLUSTER_DATABASE_URL;
const redisUrl = process.env.E2E_CLUSTER_REDIS_URL;

test.describe("chat on two server processes (PostgreSQL + Redis)", () => {
  test.skip(!databaseUrl || !redisUrl, "needs E2E_CLUSTER_DATABASE_URL and E2E_CLUSTER_REDIS_URL");

  const servers: FreshServer[] = [];
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // One after the other: the first applies the migrations.
    servers.push(await startFreshServer({ databaseUrl, redisUrl }));
    servers.push(await startFreshServer({ databaseUrl, redisUrl }));
  });
  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  test("typing, edit, delete, reply, reactions and Seen cross processes live", async ({
    browser,
    consoleProblems,
  }) => {
    const [one, two] = servers;
    if (!one || !two) throw new Error("the servers did not start");
    const ana = await personOn(browser, one.baseURL, consoleProblems, "Ana");
    const ben = await personOn(browser, two.baseURL, consoleProblems, "Ben");
    try {
      await playChatParity(ana, ben);
    } finally {
      await Promise.all([ana.context.close(), ben.context.close()]);
    }
  });
});
