// Bundles the server into dist/server.js. npm packages stay external (installed beside it);
// @kindred/shared is TypeScript source, so it is bundled in.
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const sharedSource = path.resolve(here, "../../packages/shared/src");
/** The package's subpaths that are not a file of the same name under src/ (package.json exports). */
const SHARED_SUBPATHS = { "": "index.ts", "/locale": "i18n/locale.ts" };

/** Resolves the workspace package to its source before the "external packages" rule applies. */
const bundleSharedPackage = {
  name: "bundle-kindred-shared",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@kindred\/shared(\/.+)?$/ }, ({ path: request }) => {
      const subpath = request.slice("@kindred/shared".length);
      return {
        path: path.join(sharedSource, SHARED_SUBPATHS[subpath] ?? `${subpath.slice(1)}.ts`),
      };
    });
  },
};

rmSync(path.join(here, "dist"), { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, "src/server.ts")],
  outfile: path.join(here, "dist/server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [bundleSharedPackage],
  sourcemap: true,
  logLevel: "warning",
  // Some dependencies still call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
// The embedded database's worker thread is loaded from beside the bundle (see db/pglite-thread.ts).
copyFileSync(
  path.join(here, "src/db/pglite-worker.mjs"),
  path.join(here, "dist/pglite-worker.mjs"),
);
// So are the photo threads' (see modules/photos/photo-pool.ts).
copyFileSync(
  path.join(here, "src/modules/photos/photo-worker.mjs"),
  path.join(here, "dist/photo-worker.mjs"),
);
console.log("built apps/server/dist/server.js");
