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

type PreparedRow = { name: string; runs: number };

/** The thread's protocol-level prepared statements whose text is `text`. */
async function preparedFor(text: string): Promise<PreparedRow[]> {
  const { rows } = await thread.query<PreparedRow>(
    `select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
     where statement = $1 and not from_sql`,
    [text],
  );
  return rows;
}

describe("statement cache", () => {
  it("parses a statement with parameters once and runs it again by name", async () => {
    const text = "select label from items where id = $1 and label <> $2";
    for (let run = 0; run < 8; run++) {
      const { rows } = await thread.query<{ label: string }>(text, [1, "none"]);
      expect(rows).toEqual([{ label: "one" }]);
    }
    const prepared = await preparedFor(text);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.runs).toBe(8);
  });

  it("closes the least recently used statements beyond its size", async () => {
    for (let index = 0; index < 320; index++) {
      const { rows } = await thread.query<{ n: number }>(`select $1::int + ${index} as n`, [1]);
      expect(rows[0]?.n).toBe(1 + index);
    }
    await thread.query("select $1::int as n", [1]); // closes what was evicted
    const { rows } = await thread.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'kindred_%'",
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(300);
    expect(await preparedFor("select $1::int + 0 as n")).toEqual([]);
    expect(await preparedFor("select $1::int + 319 as n")).toHaveLength(1);
  });

  it("runs statements whose parameters need PGlite's serializers as plain queries", async () => {
    const { rows } = await thread.query<{ a: string[] }>("select $1::text[] as a", [["x", "y"]]);
    expect(rows).toEqual([{ a: ["x", "y"] }]);
  });

  it("runs a named statement under its own name", async () => {
    const text = "select id from items where label = $1";
    const first = await thread.prepared<{ id: number }>("items_by_label", text, ["one"]);
    const second = await thread.prepared<{ id: number }>("items_by_label", text, ["one"]);
    expect(first.rows).toEqual([{ id: 1 }]);
    expect(second.rows).toEqual([{ id: 1 }]);
    expect(await preparedFor(text)).toEqual([{ name: "items_by_label", runs: 2 }]);
  });

  it("rolls back a transaction whose first statement (sent with its BEGIN) fails", async () => {
    const before = await count();
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into items values ($1, $2)", [1, "duplicate"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    await thread.transaction(async (tx) => {
      await tx.query("insert into items values ($1, $2)", [40, "forty"]);
    });
    // Had the failed transaction stayed open, this would fail as "current transaction is aborted".
    expect(await count()).toBe(before + 1);
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
