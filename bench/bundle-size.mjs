// The landing page's initial JavaScript: the entry script of apps/web/dist/index.html, every
// module it preloads and their static imports (and a lazy landing chunk, if any), gzipped.
// Usage: npm run build -w @kindred/web && node bench/bundle-size.mjs [budget kB, default 110]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
const budgetKb = Number(process.argv[2] ?? 110);
const html = readFileSync(path.join(dist, "index.html"), "utf8");

const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
  (m) => m[1],
);

/** Static imports of a chunk (`import ... from "./x.js"` and bare `import "./x.js"`). */
function staticImports(file) {
  const code = readFileSync(path.join(dist, file), "utf8");
  const found = new Set();
  for (const m of code.matchAll(
    /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
  )) {
    found.add(path.posix.join(path.posix.dirname(file), m[1]));
  }
  return [...found];
}

const seen = new Set();
function collect(file) {
  const clean = file.replace(/^\//, "");
  if (seen.has(clean)) return;
  seen.add(clean);
  for (const dep of staticImports(clean)) collect(dep);
}
for (const file of [...entries, ...preloads]) collect(file);

// Should the landing route become lazy again, it still loads on "/": count its chunk too.
const entryCode = entries
  .map((file) => readFileSync(path.join(dist, file.replace(/^\//, "")), "utf8"))
  .join("\n");
const landing = [
  ...new Set([...entryCode.matchAll(/["']([^"']*landing-page-[^"']*\.js)["']/g)].map((m) => m[1])),
].map((file) => path.posix.join("assets", path.posix.basename(file)));
for (const file of landing) collect(file);

let total = 0;
const rows = [...seen].map((file) => {
  const bytes = readFileSync(path.join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  return { file, raw: bytes.length, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const row of rows) {
  console.log(
    `${(row.gz / 1024).toFixed(1).padStart(7)} kB gz  ${(row.raw / 1024).toFixed(1).padStart(7)} kB  ${row.file}`,
  );
}
const totalKb = total / 1024;
console.log(`landing initial JS: ${totalKb.toFixed(1)} kB gzipped (budget ${budgetKb} kB)`);
if (totalKb > budgetKb) {
  console.error("over budget");
  process.exit(1);
}
