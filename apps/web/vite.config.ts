import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./precompress.ts";

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: { "/api": { target: "http://localhost:7777", changeOrigin: false } },
  },
  preview: {
    proxy: { "/api": { target: "http://localhost:7777", changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The server's CSP forbids inline scripts, so the module preload polyfill must stay out.
    modulePreload: { polyfill: false },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    css: false,
  },
});
