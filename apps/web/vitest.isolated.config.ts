import { defineConfig } from "vitest/config";
import { ISOLATED_WEB_TESTS } from "./isolated-tests.ts";
import web from "./vite.config.ts";

/** The web tests that each need a module registry of their own (isolated-tests.ts). */
export default defineConfig({
  ...web,
  test: {
    ...web.test,
    name: "web-isolated",
    include: ISOLATED_WEB_TESTS,
    exclude: [],
    isolate: true,
  },
});
