import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "./errors.ts";
import { PGliteThread } from "./pglite-thread.ts";

let thread: PGliteThread;

beforeAll(async () => {
  thread = await PGliteThread.start({ dataDir: "memory://" });
  await thread.exec("create table items (id int primary key, label text not null)");
});

afterAll(async () => {
  await thread?.close();
});

const count = async () =>
  Number((await thread.query<{ n: number }>("select count(*)::int as n from items")).rows[0]?.n);

describe("PGlite in its own thread", () => {
  it("answers statements with PGlite's result shape, arrays as arrays", async () => {
    await thread.query("insert into items values ($1, $2)", [1, "one"]);
    const objects = await thread.query("select id, label from items where id = $1", [1]);
    expect(objects.rows).toEqual([{ id: 1, label: "one" }]);
    expect(objects.fields.map((field) => field.name)).toEqual(["id", "label"]);
    const arrays = await thread.query("select id, label from items", [], { rowMode: "array" });
    expect(arrays.rows).toEqual([[1, "one"]]);
  });

  it("keeps PostgreSQL's error fields across the thread", async () => {
    const error = await thread
      .query("insert into items values ($1, $2)", [1, "again"])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey" });
    expect(isUniqueViolation(error, "items_pkey")).toBe(true);
  });

  it("runs a transaction alone: others' statements wait until it commits", async () => {
    const before = await count();
    let committed = false;
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into items values ($1, $2)", [2, "two"]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.query("insert into items values ($1, $2)", [3, "three"]);
      committed = true;
    });
    // Sent while the transaction is open: it must see both rows or neither, never one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const seen = await count();
    await transaction;
    expect(committed).toBe(true);
    expect(seen).toBe(before + 2);
  });

  it("rolls back when the transaction throws, and the next statements still run", async () => {
    const before = await count();
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into items values ($1, $2)", [4, "four"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count()).toBe(before);
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into items values ($1, $2)", [5, "five"]);
        await tx.query("insert into items values ($1, $2)", [5, "duplicate"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await count()).toBe(before);
  });
});

describe("durability", () => {
  it("fsyncs commits in a data folder and keeps them across a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kindred-thread-"));
    try {
      const durable = await PGliteThread.start({ dataDir, durable: true });
      const settings = await durable.query<{ fsync: string }>("show fsync");
      expect(settings.rows[0]?.fsync).toBe("on");
      await durable.exec("create table kept (id int primary key)");
      await durable.query("insert into kept values (1)");
      await durable.close();
      const reopened = await PGliteThread.start({ dataDir, durable: true });
      expect((await reopened.query("select id from kept")).rows).toEqual([{ id: 1 }]);
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("leaves in-memory databases without fsync", async () => {
    expect((await thread.query<{ fsync: string }>("show fsync")).rows[0]?.fsync).toBe("off");
  });
});
