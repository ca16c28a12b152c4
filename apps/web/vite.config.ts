import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { cspSafeStyles } from "./csp-safe-styles.ts";
import { ISOLATED_WEB_TESTS } from "./isolated-tests.ts";
import { linguiMacros } from "./lingui-macros.ts";
import { precompress } from "./precompress.ts";

const linguiConfigPath = fileURLToPath(new URL("./lingui.config.ts", import.meta.url));

export default defineConfig({
  plugins: [
    linguiMacros(linguiConfigPath),
    lingui({ configPath: linguiConfigPath, failOnCompileError: true }),
    react(),
    tailwindcss(),
    cspSafeStyles(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL("./src", import.meta.url))}/` },
      // The shared constants, paths and blog posts without the schemas, so pages that need no zod
      // (the landing page) do not load it.
      {
        find: /^@kindred\/shared\/(constants|paths|blog-posts|skill-spelling)$/,
        replacement: fileURLToPath(new URL("../../packages/shared/src/$1.ts", import.meta.url)),
      },
    ],
  },
  server: {
    proxy: { "/api": { target: "http://localhost:7777", changeOrigin: false, ws: true } },
  },
  preview: {
    proxy: { "/api": { target: "http://localhost:7777", changeOrigin: false, ws: true } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The server's CSP forbids inline scripts, so the module preload polyfill must stay out.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunk holds each source module (bench/bundle-size.mjs).
    manifest: true,
    rolldownOptions: {
      // Inlining shared chunks (below) needs this; it also runs each chunk in source order.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // A signed-in screen used to load some 45 small chunks; over HTTP/1.1's six
          // connections per host each costs a round trip on a phone. Small shared chunks are
          // copied into the chunks that use them, and the libraries only signed-in screens use
          // come as two chunks (docs/decisions/100-fewer-larger-chunks.md); sonner loads after the
          // first screen (docs/decisions/102-toasts-and-unused-styles-off-the-first-load.md).
          experimentalInlineCommonChunks: { maxSize: 12_000 },
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // TanStack Query with the app's own plumbing every screen in the app shell runs
              // (the API client, the query client, the session read, toasts, the settle wait):
              // inlined, each chunk of a screen carried its own copy of them.
              name: "query",
              test: /node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/](api-client|query-client|get-me|after-screen-settled|after-paint|optional-module)\.ts$|[\\/]src[\\/]components[\\/]ui[\\/]toast\.tsx$/,
              includeDependenciesRecursively: false,
            },
            {
              name: "ui-kit",
              test: /node_modules[\\/](tailwind-merge|clsx)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // zod in one chunk with the forms that bring it; its Spanish and Arabic error maps
              // (src/i18n/zod-locale.ts) load apart and share its helpers instead of splitting
              // them into a chunk of their own.
              name: "zod",
              test: /node_modules[\\/]zod[\\/](?!v4[\\/]locales[\\/])/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    // One jsdom and one module registry per worker, not per file; the files that need their own
    // run in the web-isolated project (vitest.isolated.config.ts, isolated-tests.ts).
    isolate: false,
    exclude: [...configDefaults.exclude, ...ISOLATED_WEB_TESTS],
    setupFiles: ["src/test/setup.ts"],
    // Whole forms typed key by key in jsdom take seconds on a busy machine.
    testTimeout: 15_000,
    css: false,
  },
});
