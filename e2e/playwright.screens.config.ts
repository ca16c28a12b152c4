import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/** The screenshot tour: the same server and browser as the tests, its own folder of screens. */
export default defineConfig({
  ...base,
  testDir: "./screens",
  timeout: 120_000,
});
