import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  appsForFile,
  createTestApp,
  FAST_JOBS,
  MANUAL_JOBS,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";
import { insertNotification, pendingJobs } from "../../../test/notification-rows.ts";
import {
  browserKeys,
  startPushService,
  subscribeDevice,
  waitFor,
} from "../../../test/push-service.ts";
import { claimDueJobs } from "./repository.ts";
import { enqueueJob } from "./service.ts";
import { backoffMs, type JobContext, withPayload } from "./worker.ts";

const openApp = appsForFile();
const fastJobs = { ...FAST_JOBS, maxAttempts: 3, batchSize: 5 };

let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service?.close());

async function jobRow(app: FastifyInstance, id: string) {
  const result = (await app.db.execute(
    sql`select attempts, locked_until is not null as locked from jobs where id = ${id}`,
  )) as unknown as { rows: { attempts: number; locked: boolean }[] };
  return result.rows[0];
}

describe("the job worker", () => {
  let app: FastifyInstance;
  let ana: Session;
  let ben: Session;
  beforeAll(async () => {
    app = await openApp({
      push: { allowPrivateEndpoints: true },
      jobs: fastJobs,
      digestDelayMs: 60 * 60_000,
    });
    ana = await signUpUser(app, { firstName: "Ana" });
    ben = await signUpUser(app, { firstName: "Ben" });
  });

  it("drops a job that keeps failing after the last attempt", async () => {
    await subscribeDevice(app, service, ana, "/jobs/always-down");
    service.respond("/jobs/always-down", Array(10).fill({ status: 503 }));
    await insertNotification(app, {
      userId: ana.me._id,
      kind: "request_received",
      actorIds: [ben.me._id],
    });
    await waitFor("the push job to be dropped", async () => {
      const pushes = service.pushesTo("/jobs/always-down").length;
      return (
        pushes > 0 && (await pendingJobs(app, "notify")) + (await pendingJobs(app, "push")) === 0
      );
    });
    expect(service.pushesTo("/jobs/always-down")).toHaveLength(fastJobs.maxAttempts);
  });

  it("leaves a claimed job alone while its lease holds, and claims it again after", async () => {
    await app.db.transaction((tx) =>
      enqueueJob(tx, {
        kind: "digest",
        // Ben has no notification: his digest, once run, has nothing to send and goes.
        payload: { userId: ben.me._id },
        key: "lease-test",
        runAt: new Date(Date.now() + 60 * 60_000),
      }),
    );
    const result = (await app.db.execute(
      sql`update jobs set run_at = now(), locked_until = now() + interval '1 hour', attempts = 1 where key = 'lease-test' returning id`,
    )) as unknown as { rows: { id: string }[] };
    const id = result.rows[0]?.id as string;
    // A worker holds it (its lease runs an hour): nobody else claims it.
    await app.jobs.runDueJobs();
    expect(await jobRow(app, id)).toMatchObject({ attempts: 1, locked: true });
    // Its worker died: once the lease is over, the job runs again (and, a digest with nothing to say, goes).
    await app.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`,
    );
    await waitFor("the job to run", async () => (await jobRow(app, id)) === undefined);
  });

  it("grows the delay between tries, with jitter, up to an hour", () => {
    const settings = { ...fastJobs, retryBaseMs: 1_000 };
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const ceiling = Math.min(3_600_000, 1_000 * 2 ** (attempt - 1));
      const delay = backoffMs(settings, attempt);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });
});

describe("a job's payload", () => {
  const handler = withPayload(
    z.object({ userId: z.uuid() }),
    "test job dropped: its payload names nobody",
    async (payload) => ({ runAgainAt: new Date(payload.userId.length) }),
  );
  const contextWith = (payload: Record<string, unknown>) => {
    const error = vi.fn();
    const context = {
      job: { id: "j", kind: "digest", key: null, payload, attempts: 1 },
      log: { error },
      signal: new AbortController().signal,
    } as unknown as JobContext;
    return { context, error };
  };

  it("reaches the handler parsed when it fits", async () => {
    const { context, error } = contextWith({ userId: "0193e7a4-0000-7000-8000-000000000001" });
    expect(await handler(context)).toEqual({ runAgainAt: new Date(36) });
    expect(error).not.toHaveBeenCalled();
  });

  it("ends the job unrun, logged, when it does not fit", async () => {
    for (const payload of [{}, { userId: "nobody" }, { userId: 7 }]) {
      const { context, error } = contextWith(payload);
      expect(await handler(context)).toBeUndefined();
      expect(error).toHaveBeenCalledWith("test job dropped: its payload names nobody");
    }
  });

  it("drops a digest naming nobody on its first run, without a retry", async () => {
    const app = await openApp({ jobs: MANUAL_JOBS });
    await app.ready();
    await app.db.transaction((tx) =>
      enqueueJob(tx, { kind: "digest", payload: { userId: "nobody" }, key: "no-one" }),
    );
    await app.jobs.runDueJobs();
    expect(await pendingJobs(app, "digest")).toBe(0);
    expect(app.jobs.counters.retried.digest ?? 0).toBe(0);
  });
});

describe("running the due jobs on demand", () => {
  it("waits for a run the worker's own look holds, and runs what it puts back due", async () => {
    // One job of a group at a time: the first one's end makes the worker look again on its own.
    const app = await openApp({ jobs: { ...MANUAL_JOBS, perGroup: 1 } });
    await app.ready();
    // The worker's look at start is a timer set once the database is open: a timer set after it
    // fires after it, and a claim asked for then waits for that look's claim (one at a time).
    await app.databaseReady;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await app.jobs.runDueJobs()).toBe(0);

    const runs: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const heldByTheWorker = new Promise<void>((resolve) => {
      entered = resolve;
    });
    app.jobs.handle("digest", async ({ job }) => {
      runs.push(job.key ?? "");
      if (job.key !== "held" || runs.filter((key) => key === "held").length > 1) return undefined;
      entered();
      await gate;
      // Put back due at once, as a job early by the app's clock does.
      return { runAgainAt: new Date(0) };
    });
    await app.db.transaction(async (tx) => {
      for (const [key, minutesAgo] of [
        ["first", 2],
        ["held", 1],
      ] as const) {
        await enqueueJob(tx, {
          kind: "digest",
          payload: {},
          key,
          group: "one-person",
          runAt: new Date(Date.now() - minutesAgo * 60_000),
        });
      }
    });

    expect(await app.jobs.runDueJobs()).toBe(1);
    // The group's next job is taken by the worker's own look, and hangs there.
    await heldByTheWorker;
    const asked = app.jobs.runDueJobs();
    setImmediate(release);
    expect(await asked).toBe(1);
    expect(runs).toEqual(["first", "held", "held"]);
    expect(await pendingJobs(app, "digest")).toBe(0);
  });
});

describe("a job run in batches", () => {
  it("runs again with the payload its handler hands on, and ends when it hands none", async () => {
    const app = await openApp({ jobs: MANUAL_JOBS });
    await app.ready();
    const seen: unknown[] = [];
    app.jobs.handle("digest", async ({ job }) => {
      seen.push(job.payload);
      const after = Number(job.payload.after ?? 0);
      return after < 2 ? { runAgainAt: new Date(0), payload: { after: after + 1 } } : undefined;
    });
    await enqueueJob(app.db, { kind: "digest", payload: {}, key: "batches", runAt: new Date(0) });
    for (let run = 0; run < 4; run++) await app.jobs.runDueJobs();
    expect(seen).toEqual([{}, { after: 1 }, { after: 2 }]);
    expect(await pendingJobs(app, "digest")).toBe(0);
  });
});

const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)("two processes sharing PostgreSQL", () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    const shared = {
      push: { allowPrivateEndpoints: true },
      jobs: fastJobs,
      digestDelayMs: 60 * 60_000,
    };
    first = await createTestApp(shared);
    const key = (await first.inject({ method: "GET", url: "/api/push/key" })).json().data.publicKey;
    expect(key).toBeTruthy();
    second = await createTestApp({ ...shared, databaseUrl: first.config.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("delivers each push once, whichever process claims it", async () => {
    const eve = await signUpUser(first, { firstName: "Eve" });
    const fay = await signUpUser(second, { firstName: "Fay" });
    const { keys } = await subscribeDevice(first, service, eve, "/jobs/two-processes");
    // Both processes poll; both are also asked to run at once, concurrently.
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(
        await insertNotification(i % 2 ? first : second, {
          userId: eve.me._id,
          kind: "request_received",
          actorIds: [fay.me._id],
        }),
      );
    }
    await Promise.all([first.jobs.runDueJobs(), second.jobs.runDueJobs()]);
    await waitFor(
      "every push",
      async () =>
        (await pendingJobs(first, "notify")) + (await pendingJobs(first, "push")) === 0 &&
        service.pushesTo("/jobs/two-processes").length >= ids.length,
      20_000,
    );
    const tags = service.pushesTo("/jobs/two-processes").map((push) => keys.decrypt(push.body).tag);
    expect(tags.toSorted()).toEqual(ids.toSorted());
  });

  it("a closing process gives back the push under way, and another process delivers it", async () => {
    const settings = {
      push: { allowPrivateEndpoints: true },
      jobs: fastJobs,
      digestDelayMs: 60 * 60_000,
    };
    // A database of this test's own; its owner app runs no jobs (it is never made ready).
    const owner = await createTestApp(settings);
    const databaseUrl = owner.config.databaseUrl;
    const closing = await createTestApp({ ...settings, databaseUrl });
    let taking: FastifyInstance | undefined;
    // The first try hangs (the push service never answers it); the next is answered.
    const { createServer } = await import("node:http");
    let tries = 0;
    const flaky = createServer((request, response) => {
      tries += 1;
      if (tries > 1) response.writeHead(201).end();
      else request.resume();
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    try {
      const hal = await signUpUser(closing, { firstName: "Hal" });
      const ida = await signUpUser(closing, { firstName: "Ida" });
      const { port } = flaky.address() as { port: number };
      const keys = browserKeys();
      const subscribed = await closing.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: hal.headers,
        payload: {
          endpoint: `http://127.0.0.1:${port}/hang-once`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        },
      });
      expect(subscribed.statusCode).toBe(201);
      await insertNotification(closing, {
        userId: hal.me._id,
        kind: "request_received",
        actorIds: [ida.me._id],
      });
      await waitFor("the push to be under way", () => tries >= 1);
      taking = await createTestApp({ ...settings, databaseUrl });
      await taking.ready();
      await closing.close();
      const other = taking;
      await waitFor("the push to be delivered by the other process", async () => {
        return tries >= 2 && (await pendingJobs(other, "push")) === 0;
      });
      expect(tries).toBe(2);
    } finally {
      await closing.close();
      await taking?.close();
      await owner.close();
      flaky.closeAllConnections();
      flaky.close();
    }
  });

  it("claims a due job in exactly one of two concurrent claims", async () => {
    const eve = await signUpUser(first, { firstName: "Gus" });
    for (let i = 0; i < 20; i += 1) {
      await first.db.transaction((tx) =>
        enqueueJob(tx, {
          kind: "digest",
          payload: { userId: eve.me._id },
          runAt: new Date(Date.now() + 60 * 60_000),
          key: `claim-${i}`,
        }),
      );
    }
    await first.db.execute(sql`update jobs set run_at = now() where key like 'claim-%'`);
    const claimOptions = { otherFree: 0, perGroup: 4, leaseMs: 60_000 };
    const [a, b] = await Promise.all([
      claimDueJobs(first.db, { slots: [{ kind: "digest", free: 20 }], ...claimOptions }),
      claimDueJobs(second.db, { slots: [{ kind: "digest", free: 20 }], ...claimOptions }),
    ]);
    const claimed = [...(a ?? []), ...(b ?? [])].filter((job) => job.key?.startsWith("claim-"));
    expect(new Set(claimed.map((job) => job.id)).size).toBe(claimed.length);
    await first.db.execute(sql`delete from jobs where key like 'claim-%'`);
  });
});
