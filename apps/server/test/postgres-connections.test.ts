import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./helpers.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL connections", () => {
  it("keeps answering after the database ends the server's connections", async () => {
    const app = await createTestApp();
    try {
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      const database = new URL(app.config.databaseUrl as string).pathname.slice(1);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        const ended = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
          [database],
        );
        expect(ended.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
