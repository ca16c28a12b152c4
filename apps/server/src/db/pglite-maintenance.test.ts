import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMaintenance } from "./pglite-maintenance.ts";
import { PGliteThread } from "./pglite-thread.ts";

let thread: PGliteThread;

beforeAll(async () => {
  thread = await PGliteThread.start({ dataDir: "memory://" });
  await thread.exec("create table notes (id int primary key, body text not null); analyze notes");
});

afterAll(async () => {
  await thread?.close();
});

type TableStats = { rows: number; dead: number };

async function stats(): Promise<TableStats> {
  await thread.query("select pg_stat_force_next_flush()");
  const { rows } = await thread.query<TableStats>(`
    select c.reltuples::int as rows, s.n_dead_tup::int as dead
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.relname = 'notes'`);
  return rows[0] as TableStats;
}

describe("the embedded database's vacuum and analyze", () => {
  it("analyzes a table that grew, vacuums one with many deleted rows, and then rests", async () => {
    // A long interval: only runOnce() runs rounds here.
    const maintenance = startMaintenance(thread, { intervalMs: 3_600_000 });
    try {
      await thread.query(
        "insert into notes select n, 'note ' || n from generate_series(1, $1::int) n",
        [1000],
      );
      expect((await stats()).rows).toBe(0); // the planner still believes the table is empty
      expect(await maintenance.runOnce()).toEqual(["notes"]);
      expect((await stats()).rows).toBe(1000);

      await thread.query("delete from notes where id > $1", [300]);
      expect((await stats()).dead).toBe(700);
      expect(await maintenance.runOnce()).toEqual(["notes"]);
      expect(await stats()).toEqual({ rows: 300, dead: 0 });

      expect(await maintenance.runOnce()).toEqual([]);
    } finally {
      await maintenance.stop();
    }
  });

  it("runs one round at a time and stops cleanly", async () => {
    const maintenance = startMaintenance(thread, { intervalMs: 3_600_000 });
    const [first, second] = [maintenance.runOnce(), maintenance.runOnce()];
    expect(first).toBe(second);
    await maintenance.stop();
    await expect(first).resolves.toBeInstanceOf(Array);
  });
});
