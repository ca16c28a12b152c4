import { AsyncLocalStorage } from "node:async_hooks";
import { NEW_ACCOUNT_DAYS } from "@kindred/shared";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { appForFile, call, connectedPair, notificationsOf, signUpUser } from "./helpers.ts";

// The round trips of the two hottest writes that reach someone (decision 125): an established
// account's plain chat message and interested swipe are the session's read, then one statement
// that applies the pair's rules (connection, age bands, blocks), stores the write and makes its
// notification with its delivery job. A change that adds a read before the write, or wraps it in
// a transaction again, fails here before it shows in a benchmark.

// The accounts are made at the database's time; the app's clock starts there and moves on.
let clock = new Date();
const app = await appForFile({ now: () => clock });

type Counts = { statements: number; transactions: number };

/** Calls to the database client made by one request's own work (never by background timers). */
function countRoundTrips(target: FastifyInstance) {
  const request = new AsyncLocalStorage<Counts>();
  const client = (target.db as unknown as { $client: Record<string, unknown> }).$client;
  const wrap = (method: string, count: (counts: Counts, args: unknown[]) => void) => {
    const original = client[method];
    if (typeof original !== "function") return;
    client[method] = function (this: unknown, ...args: unknown[]) {
      const counts = request.getStore();
      if (counts) count(counts, args);
      return original.apply(this, args);
    };
  };
  // PGlite in its thread: statements, named statements, scripts and transactions. A pool of
  // PostgreSQL connections: `query` is a statement on a connection of its own choosing (it calls
  // `connect` with a callback); a transaction takes a connection with `connect()`. A transaction
  // counts once, in `transactions`, whatever it runs.
  for (const method of ["query", "prepared", "exec"]) {
    wrap(method, (counts) => {
      counts.statements += 1;
    });
  }
  wrap("transaction", (counts) => {
    counts.transactions += 1;
  });
  wrap("connect", (counts, args) => {
    if (typeof args[0] !== "function") counts.transactions += 1;
  });
  return async (
    run: () => Promise<LightMyRequestResponse>,
  ): Promise<Counts & { response: LightMyRequestResponse }> => {
    const counts = { statements: 0, transactions: 0 };
    // Injection starts when its answer is awaited: inside the store, so the request's work is in it.
    const response = await request.run(counts, async () => await run());
    return { ...counts, response };
  };
}

const measured = countRoundTrips(app);

describe("an established account's writes that reach someone", () => {
  it("send a plain message and an interested swipe as the session's read and one statement each", async () => {
    const [ana, bo] = await connectedPair(app, ["Ana", "Bo"]);
    const cy = await signUpUser(app, { firstName: "Cy" });
    // Past the new-account days (no daily limits to read); the first request after that renews
    // the session, a write of its own that later requests skip.
    clock = new Date(clock.getTime() + (NEW_ACCOUNT_DAYS + 1) * 86_400_000);
    expect((await call(app, ana, "GET", "/api/chat/conversations")).statusCode).toBe(200);

    const message = await measured(() =>
      call(app, ana, "POST", `/api/chat/${bo.me._id}/messages`, { text: "Thursday at six?" }),
    );
    expect(message.response.statusCode, message.response.body).toBe(201);
    expect({ statements: message.statements, transactions: message.transactions }).toEqual({
      statements: 2,
      transactions: 0,
    });

    const again = await measured(() =>
      call(app, ana, "POST", `/api/chat/${bo.me._id}/messages`, { text: "Or Friday?" }),
    );
    expect(again.response.statusCode, again.response.body).toBe(201);
    expect({ statements: again.statements, transactions: again.transactions }).toEqual({
      statements: 2,
      transactions: 0,
    });

    const swipe = await measured(() =>
      call(app, ana, "POST", `/api/request/send/interested/${cy.me._id}`, {}),
    );
    expect(swipe.response.statusCode, swipe.response.body).toBe(201);
    expect({ statements: swipe.statements, transactions: swipe.transactions }).toEqual({
      statements: 2,
      transactions: 0,
    });

    // The one statement made the notifications too: Bo's grouped message, Cy's request.
    const toBo = await notificationsOf(app, bo);
    expect(toBo.filter((notification) => notification.kind === "message")).toHaveLength(1);
    const toCy = await notificationsOf(app, cy);
    expect(toCy.map((notification) => notification.kind)).toContain("request_received");
  });
});
