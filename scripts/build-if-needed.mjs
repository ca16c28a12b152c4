// Builds the web app and the server bundle only when an output is missing or older than its sources,
// so `npm start` is instant on the second run and still never serves stale code.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const shared = ["packages/shared/src", "packages/shared/package.json", "package-lock.json"];

export const targets = [
  {
    name: "web app",
    workspace: "@kindred/web",
    output: "apps/web/dist/index.html",
    sources: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/public",
      "apps/web/vite.config.ts",
      "apps/web/package.json",
      ...shared,
    ],
  },
  {
    name: "server",
    workspace: "@kindred/server",
    output: "apps/server/dist/server.js",
    sources: [
      "apps/server/src",
      "apps/server/drizzle",
      "apps/server/build.mjs",
      "apps/server/package.json",
      ...shared,
    ],
  },
];

/** Newest modification time under a file or folder; folders count too, so a deleted file shows. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Why a target must be built, or null when its output is up to date. */
export function staleReason(target) {
  const output = path.join(root, target.output);
  if (!existsSync(output)) return `${target.output} is missing`;
  const built = statSync(output).mtimeMs;
  for (const source of target.sources) {
    if (newestMtime(path.join(root, source)) > built) return `${source} changed`;
  }
  return null;
}

export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("error", (error) => {
      console.error(`[kindred] could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Returns true when everything is built (or already was). */
export async function buildIfNeeded({ log = (line) => console.log(`[kindred] ${line}`) } = {}) {
  for (const target of targets) {
    const reason = staleReason(target);
    if (!reason) {
      log(`${target.name} is up to date (${target.output})`);
      continue;
    }
    log(`building the ${target.name} (${reason})`);
    const started = Date.now();
    const code = await run("npm", ["run", "build", "-w", target.workspace]);
    if (code !== 0) {
      log(`building the ${target.name} failed (exit ${code})`);
      return false;
    }
    log(`built the ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = (await buildIfNeeded()) ? 0 : 1;
}
