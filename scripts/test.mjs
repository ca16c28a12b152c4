// `npm test`: the one command that says whether the project is healthy; CI runs exactly this.
// Steps run in order and the first failure stops the run.
import { existsSync } from "node:fs";
import { buildIfNeeded, run } from "./build-if-needed.mjs";

const CHROMIUM = "/usr/bin/chromium";
const log = (line) => console.log(`[test] ${line}`);

async function ensureChromium() {
  if (existsSync(CHROMIUM)) {
    log(`Chromium found at ${CHROMIUM}`);
    return 0;
  }
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ["sudo", "-n"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  log(
    `Chromium is missing: ${sudo.join(" ")} apt-get update && apt-get install -y chromium`.trim(),
  );
  const [command, ...prefix] = [...sudo, "apt-get"];
  const updated = await run(command, [...prefix, "update"], { env });
  if (updated !== 0) return updated;
  const installed = await run(command, [...prefix, "install", "-y", "chromium"], { env });
  if (installed !== 0) return installed;
  return existsSync(CHROMIUM) ? 0 : 1;
}

const steps = [
  { name: "Chromium for the end-to-end tests", run: ensureChromium },
  { name: "type-check", run: () => run("npm", ["run", "typecheck"]) },
  { name: "lint (biome)", run: () => run("npm", ["run", "lint"]) },
  { name: "unit, component and API tests (vitest)", run: () => run("npx", ["vitest", "run"]) },
  { name: "build", run: async () => ((await buildIfNeeded({ log })) ? 0 : 1) },
  {
    name: "JavaScript budgets: landing page (90 kB gzipped) and each signed-in route",
    run: () => run("node", ["bench/bundle-size.mjs", "90"]),
  },
  { name: "end-to-end tests (playwright)", run: () => run("npm", ["run", "test:e2e"]) },
];

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

for (const [index, step] of steps.entries()) {
  const label = `${index + 1}/${steps.length} ${step.name}`;
  log(`▶ ${label}`);
  const stepStarted = Date.now();
  const code = await step.run();
  if (code !== 0) {
    log(`✘ FAILED at step ${label} (exit ${code}) after ${seconds(started)}`);
    process.exit(typeof code === "number" && code > 0 ? code : 1);
  }
  log(`✔ ${label} (${seconds(stepStarted)})`);
}

log(`✔ ALL ${steps.length} STEPS PASSED in ${seconds(started)}`);
