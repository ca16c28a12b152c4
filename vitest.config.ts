import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/server", "apps/web", "apps/web/vitest.isolated.config.ts"],
    // One worker per core. Vitest's default leaves one core free, which on a 2-core machine means
    // one worker; most test time waits on databases, child processes and timers, so two workers
    // take about 30% less time there (docs/benchmarks/2026-11-28-test-workers.md).
    maxWorkers: "100%",
  },
});
