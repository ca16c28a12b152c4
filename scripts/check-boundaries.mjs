// The layering rules that Biome cannot express, checked on every `npm run lint`:
// - a web feature imports no other feature, and components/, lib/ and config/ import no feature;
// - packages/shared imports nothing from the apps;
// - on the server, SQL and Drizzle live only in repository files (`repository.ts`,
//   `*-repository.ts`) and in the SQL pieces a module lends (`fragments.ts`); a module never
//   imports another module's repository, and another module's fragments only from a repository;
// - every table of the schema has one owning module (the table in docs/architecture.md), and SQL
//   naming a table (a tagged `sql` template or a Drizzle table imported from the schema) appears
//   only in its owner's files; db/ names no module's table;
// - no route file opens a transaction (rules and transactions live in services);
// - the server's modules import one another without cycles.
// Imports are resolved to files, so `@/features/x`, `../../x` and `../x/y.ts` count alike.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (file) => path.relative(root, file).split(path.sep).join("/");

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
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
  /(?:^|\n)\s*(import|export)\s(type\s)?([^;]*?)from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Each import of a file: its specifier, whether it is type-only, and the names it brings. */
function importsOf(text) {
  const specs = [];
  for (const match of text.matchAll(IMPORT)) {
    if (match[5]) {
      specs.push({ spec: match[5], typeOnly: false, names: [] });
      continue;
    }
    const clause = match[3] ?? "";
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? "";
    const names = braces
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => ({
        typeOnly: Boolean(match[2]) || part.startsWith("type "),
        name: part
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0]
          .trim(),
      }));
    specs.push({ spec: match[4], typeOnly: Boolean(match[2]), names });
  }
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
const isRepository = (p) => /(^|\/)([a-z-]+-)?repository(\.ts)?$/.test(p);
const isFragments = (p) => /(^|\/)fragments(\.ts)?$/.test(p);
const isRouteFile = (p) => /(^|\/)([a-z-]+-)?routes\.ts$/.test(p);
const SCHEMA = "apps/server/src/db/schema.ts";
/** Where SQL may be written: repositories, lent fragments, the data layer, tests. */
const maySpeakSql = (p) =>
  isRepository(p) || isFragments(p) || p.startsWith("apps/server/src/db/") || isTest(p);

// ---------- who owns which table ----------

/** The schema's tables: the exported Drizzle name of each, and its SQL name. */
function schemaTables() {
  const file = path.join(root, SCHEMA);
  if (!existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/export const (\w+) = pgTable\(\s*"([a-z_0-9]+)"/g)].map((m) => ({
    variable: m[1],
    table: m[2],
  }));
}

/**
 * The owners, read from the table in docs/architecture.md whose rows start with a module and
 * name its tables in the second column: `| \`requests\` | \`connection_requests\` | ... |`.
 */
function tableOwners() {
  const file = path.join(root, "docs/architecture.md");
  const owners = new Map();
  if (!existsSync(file)) return owners;
  const text = readFileSync(file, "utf8");
  const section = /## Who owns which table\n([\s\S]*?)(?:\n## |$)/.exec(text)?.[1] ?? "";
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const module = /^`([a-z-]+)`$/.exec(cells[1] ?? "")?.[1];
    if (!module) continue;
    for (const match of (cells[2] ?? "").matchAll(/`([a-z_0-9]+)`/g)) {
      const list = owners.get(match[1]) ?? [];
      list.push(module);
      owners.set(match[1], list);
    }
  }
  return owners;
}

/** The text of each tagged `sql` template in a file (nested `${…}` parts included). */
function sqlTemplates(text) {
  const out = [];
  for (const start of text.matchAll(/\bsql(?:\.raw\()?`/g)) {
    let i = (start.index ?? 0) + start[0].length;
    let depth = 0;
    let body = "";
    while (i < text.length) {
      const ch = text[i];
      if (depth === 0 && ch === "`") break;
      if (ch === "$" && text[i + 1] === "{") {
        depth++;
        i += 2;
        continue;
      }
      if (depth > 0 && ch === "}") depth--;
      else if (depth > 0 && ch === "{") depth++;
      body += ch;
      i++;
    }
    out.push(body);
  }
  return out;
}

/** Table names a piece of SQL reads or writes (after from, join, into, update, table, …). */
function tablesNamedIn(sqlText, known) {
  const named = new Set();
  const pattern =
    /\b(?:from|join|into|update|table|references|exists|truncate)\s+(?:only\s+)?"?([a-z_][a-z_0-9]*)"?/gi;
  for (const match of sqlText.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    if (known.has(name)) named.add(name);
  }
  return named;
}

const problems = [];
const report = (file, message) => problems.push(`${file}: ${message}`);

const tables = schemaTables();
const owners = tableOwners();
const ownerOf = new Map();
const moduleDirs = new Set(
  existsSync(path.join(root, "apps/server/src/modules"))
    ? readdirSync(path.join(root, "apps/server/src/modules"), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [],
);
if (tables.length > 0) {
  for (const { table } of tables) {
    const listed = owners.get(table) ?? [];
    if (listed.length === 0) {
      report("docs/architecture.md", `the table ${table} has no owner in "Who owns which table"`);
    } else if (listed.length > 1) {
      report("docs/architecture.md", `the table ${table} has ${listed.length} owners: ${listed}`);
    } else if (!moduleDirs.has(listed[0])) {
      report("docs/architecture.md", `the table ${table}'s owner ${listed[0]} is not a module`);
    } else {
      ownerOf.set(table, listed[0]);
    }
  }
  for (const table of owners.keys()) {
    if (!tables.some((t) => t.table === table)) {
      report("docs/architecture.md", `owns ${table}, which is not a table of the schema`);
    }
  }
}
const tableOfVariable = new Map(tables.map((t) => [t.variable, t.table]));
const knownTables = new Set(tables.map((t) => t.table));

/** Server module → the modules it imports (tests aside), for the cycle check. */
const moduleGraph = new Map();

for (const file of [
  ...sourceFiles(path.join(root, "apps/web/src")),
  ...sourceFiles(path.join(root, "apps/server/src")),
  ...sourceFiles(path.join(root, "packages/shared/src")),
]) {
  const from = rel(file);
  const text = readFileSync(file, "utf8");
  const fromModule = serverModule(from);
  for (const { spec, typeOnly, names } of importsOf(text)) {
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
    if (!from.startsWith("apps/server/src/")) continue;
    const toModule = serverModule(target);
    if (toModule && fromModule && fromModule !== toModule && !isTest(from)) {
      const edges = moduleGraph.get(fromModule) ?? new Set();
      edges.add(toModule);
      moduleGraph.set(fromModule, edges);
    }
    // Plugins and app.ts (no module of their own) may use a repository: the session plugin reads
    // the sessions module's, for one.
    if (toModule && fromModule && fromModule !== toModule) {
      if (isRepository(target)) {
        report(
          from,
          `reaches into the ${toModule} module's repository (${spec}); call its service, or have it lend the SQL in its fragments.ts`,
        );
      } else if (isFragments(target) && !isRepository(from) && !isFragments(from)) {
        report(
          from,
          `uses the ${toModule} module's SQL fragments (${spec}) outside a repository; only a repository composes them`,
        );
      }
    }
    // A Drizzle table imported from the schema is SQL naming that table.
    if (target.replace(/\.ts$/, "") === SCHEMA.replace(/\.ts$/, "") && !isTest(from)) {
      for (const { name, typeOnly: typeName } of names) {
        const table = tableOfVariable.get(name);
        if (!table || typeOnly || typeName) continue;
        const owner = ownerOf.get(table);
        if (owner && owner !== fromModule) {
          report(from, `names the table ${table} (owned by ${owner}); call the ${owner} module`);
        }
      }
    }
  }
  if (!from.startsWith("apps/server/src/") || isTest(from) || from === SCHEMA) continue;
  if (
    !maySpeakSql(from) &&
    /\bsql`|\bsql\.raw\(|\.select\(|\.insert\(|\.update\(|\.delete\(\w/.test(text) &&
    // A Drizzle query builder call or a tagged SQL template outside the data layer.
    /\bsql`|\bsql\.raw\(|\bdb\s*\.\s*(select|insert|update|delete|execute)\(|\btx\s*\.\s*(select|insert|update|delete|execute)\(/.test(
      text,
    )
  ) {
    report(from, "runs SQL: move the query into the module's repository");
  }
  for (const body of sqlTemplates(text)) {
    for (const table of tablesNamedIn(body, knownTables)) {
      const owner = ownerOf.get(table);
      if (owner && owner !== fromModule) {
        report(from, `names the table ${table} (owned by ${owner}); call the ${owner} module`);
      }
    }
  }
  if (isRouteFile(from) && /\.transaction\(/.test(text)) {
    report(from, "opens a transaction: rules and transactions belong in the module's service");
  }
}

// Cycles between server modules: each strongly connected group of two or more is one problem.
{
  let index = 0;
  const stack = [];
  const state = new Map();
  const strongConnect = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of moduleGraph.get(node) ?? []) {
      if (!state.has(next)) {
        strongConnect(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) {
        report(
          "apps/server/src/modules",
          `import cycle between the modules ${group.sort().join(", ")}; one of them must not import the other`,
        );
      }
    }
  };
  for (const node of [...moduleGraph.keys()].sort()) if (!state.has(node)) strongConnect(node);
}

if (problems.length > 0) {
  console.error(`Layering rules broken in ${problems.length} place(s):`);
  for (const line of [...new Set(problems)].sort()) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  "Layering rules hold: features, shared code, repositories and tables keep to their own parts.",
);
