import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The files of a worker share one module graph: the app's modules are imported and the empty
    // migrated database is made once per worker, not once per file (a third of the suite's CPU
    // time). Every file builds its own apps on its own databases and closes them, and nothing
    // in the server keeps state in a module that a test changes.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
