// Every text of the web app comes from the message catalogues (docs/decisions/131-languages-with-lingui.md),
// checked on every `npm run lint`:
// - no component renders a literal text outside Lingui's macros: JSX text with letters, and the
//   attributes people read (aria-label, title, placeholder, alt, label…) given as plain strings;
// - each catalogue holds exactly the messages the code has (`npm run i18n:extract` after a change),
//   and Spanish and Arabic translate every one of them.
// A line may opt out with `i18n-ignore` in a comment on it or the line before (names, symbols).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const web = path.join(root, "apps/web");
const rel = (file) => path.relative(root, file).split(path.sep).join("/");

/** Attributes whose plain-string value a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
  "title",
  "placeholder",
  "alt",
  "label",
  "description",
  "hint",
  "emptyText",
  "confirmLabel",
  "cancelLabel",
]);
/** Words that are the same in every language. */
const SAME_EVERYWHERE =
  /^(Kindred|GitHub|LinkedIn|Instagram|Google|OK|URL|iCal|ICS|PNG|JPEG|WebP|Esc|Enter|Tab|[A-Z]{1,3}\d*)$/;
const HAS_WORDS = /\p{L}{2,}/u;

function webSourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "test" && entry.name !== "locales") out.push(...webSourceFiles(full));
    } else if (/\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) out.push(full);
  }
  return out;
}

function isWords(text) {
  const trimmed = text.replace(/\s+/g, " ").trim();
  return HAS_WORDS.test(trimmed) && !SAME_EVERYWHERE.test(trimmed);
}

const problems = [];

function checkLiterals(file) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split("\n");
  const ignored = (node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    return /i18n-ignore/.test(lines[line] ?? "") || /i18n-ignore/.test(lines[line - 1] ?? "");
  };
  const report = (node, what) => {
    if (ignored(node)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    problems.push(`${rel(file)}:${line + 1}: ${what} outside the catalogues`);
  };
  const insideMacro = (node) => {
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (ts.isJsxElement(parent)) {
        const tag = parent.openingElement.tagName.getText(source);
        if (/^(Trans|Plural|Select|SelectOrdinal)$/.test(tag)) return true;
      }
    }
    return false;
  };
  const visit = (node) => {
    if (ts.isJsxText(node) && isWords(node.text) && !insideMacro(node)) {
      report(node, `the text "${node.text.trim().slice(0, 40)}"`);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value &&
              ts.isJsxExpression(value) &&
              value.expression &&
              ts.isStringLiteralLike(value.expression)
            ? value.expression
            : undefined;
      if (literal && isWords(literal.text)) {
        report(node, `${node.name.getText(source)}="${literal.text.slice(0, 40)}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

for (const file of webSourceFiles(path.join(web, "src"))) checkLiterals(file);

const config = getConfig({ configPath: path.join(web, "lingui.config.ts") });
const catalogs = await getCatalogs(config);
// The catalogues of a language are merged into one store where a message's id is its text, so the
// same text must read the same in every catalogue (different meanings need a `context`).
const translationOf = new Map();
for (const catalog of catalogs) {
  const name = rel(catalog.path);
  const inCode = (await catalog.collect()) ?? {};
  const codeIds = new Set(Object.keys(inCode));
  const stored = await catalog.readAll();
  for (const locale of config.locales) {
    const messages = stored[locale] ?? {};
    const ids = new Set(Object.keys(messages));
    const missing = [...codeIds].filter((id) => !ids.has(id));
    const stale = [...ids].filter((id) => !codeIds.has(id));
    for (const id of missing.slice(0, 5)) {
      problems.push(
        `${name} (${locale}): misses "${inCode[id]?.message ?? id}" (npm run i18n:extract)`,
      );
    }
    for (const id of stale.slice(0, 5)) {
      problems.push(
        `${name} (${locale}): holds "${messages[id]?.message ?? id}" that no code uses (npm run i18n:extract)`,
      );
    }
    if (locale === config.sourceLocale) continue;
    for (const [id, message] of Object.entries(messages)) {
      const key = `${locale}\u0000${id}`;
      const earlier = translationOf.get(key);
      if (earlier && message.translation && earlier.translation !== message.translation) {
        problems.push(
          `${name} (${locale}): "${message.message ?? id}" reads "${message.translation}" here but "${earlier.translation}" in ${earlier.name}`,
        );
      } else if (!earlier) translationOf.set(key, { translation: message.translation, name });
      if (codeIds.has(id) && !message.translation?.trim()) {
        problems.push(`${name} (${locale}): no translation for "${message.message ?? id}"`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`${problems.length} text problem(s):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`i18n: every text comes from the catalogues, complete in ${config.locales.join(", ")}`);
