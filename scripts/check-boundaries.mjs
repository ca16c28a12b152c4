// The layering rules that Biome cannot express, checked on every `npm run lint`:
// - a web feature imports no other feature, and components/, lib/ and config/ import no feature;
// - packages/shared imports nothing from the apps;
// - on the server, SQL and Drizzle live only in repository files (and in db/, the data layer
//   itself), and a module never imports another module's repository, except the users module's:
//   the user card and the block rule that every list of people shares live there on purpose.
// Imports are resolved to files, so `@/features/x`, `../../x` and `../x/y.ts` count alike.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (file) => path.relative(root, file).split(path.sep).join("/");

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(text) {
  const specs = [];
  for (const match of text.matchAll(IMPORT)) specs.push(match[1] ?? match[2]);
  return specs;
}

/** The repository-relative path an import points to, or null for a package. */
function resolve(fromFile, spec) {
  if (spec.startsWith("@/")) return rel(path.join(root, "apps/web/src", spec.slice(2)));
  if (spec.startsWith(".")) return rel(path.resolve(path.dirname(fromFile), spec));
  return null;
}

const webFeature = (p) => /^apps\/web\/src\/features\/([^/]+)/.exec(p)?.[1];
const serverModule = (p) => /^apps\/server\/src\/modules\/([^/]+)/.exec(p)?.[1];
const isTest = (p) => /\.test\.tsx?$/.test(p) || p.includes("/test/");
/** Where SQL may be written: repositories, the data layer, migrations' tooling and tests. */
const maySpeakSql = (p) =>
  /(^|\/)repository\.ts$/.test(p) ||
  /\/[a-z-]+-repository\.ts$/.test(p) ||
  p.startsWith("apps/server/src/db/") ||
  isTest(p);

const problems = [];
const report = (file, message) => problems.push(`${file}: ${message}`);

for (const file of [
  ...sourceFiles(path.join(root, "apps/web/src")),
  ...sourceFiles(path.join(root, "apps/server/src")),
  ...sourceFiles(path.join(root, "packages/shared/src")),
]) {
  const from = rel(file);
  const text = readFileSync(file, "utf8");
  for (const spec of importsOf(text)) {
    const target = resolve(file, spec);
    if (
      from.startsWith("packages/shared/") &&
      (target?.startsWith("apps/") ||
        (spec.startsWith("@kindred/") === false && /^(apps|@\/)/.test(spec)))
    ) {
      report(from, `packages/shared imports the app file ${spec}`);
    }
    if (!target) {
      if (
        from.startsWith("apps/server/src/") &&
        /^drizzle-orm(\/|$)/.test(spec) &&
        !maySpeakSql(from)
      ) {
        report(from, `imports ${spec}: SQL and Drizzle belong in a repository file`);
      }
      continue;
    }
    if (from.startsWith("apps/web/src/")) {
      const a = webFeature(from);
      const b = webFeature(target);
      if (b && a && a !== b)
        report(
          from,
          `the ${a} feature imports the ${b} feature (${spec}); share it through components/ or lib/, or compose in app/`,
        );
      if (b && !a && /^apps\/web\/src\/(components|lib|config)\//.test(from)) {
        report(from, `shared code imports the ${b} feature (${spec})`);
      }
    }
    if (from.startsWith("apps/server/src/")) {
      const a = serverModule(from);
      const b = serverModule(target);
      const shared = b === "users";
      // Plugins and app.ts (no module of their own) may use a repository: the session plugin
      // reads the sessions module's, for one.
      if (b && a && a !== b && !shared && /(^|\/)[a-z-]*repository(\.ts)?$/.test(target)) {
        report(
          from,
          `reaches into the ${b} module's repository (${spec}); call its service or move what both use into a module of its own`,
        );
      }
    }
  }
  if (
    from.startsWith("apps/server/src/") &&
    !maySpeakSql(from) &&
    /\bsql`|\bsql\.raw\(|\.select\(|\.insert\(|\.update\(|\.delete\(\w/.test(text)
  ) {
    // A Drizzle query builder call or a tagged SQL template outside the data layer.
    if (
      /\bsql`|\bsql\.raw\(|\bdb\s*\.\s*(select|insert|update|delete|execute)\(|\btx\s*\.\s*(select|insert|update|delete|execute)\(/.test(
        text,
      )
    ) {
      report(from, "runs SQL: move the query into the module's repository");
    }
  }
}

if (problems.length > 0) {
  console.error(`Layering rules broken in ${problems.length} place(s):`);
  for (const line of [...new Set(problems)].sort()) console.error(`  ${line}`);
  process.exit(1);
}
console.log("Layering rules hold: features, shared code and repositories keep to their own parts.");
