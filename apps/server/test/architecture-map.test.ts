import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The module map lives in one place, docs/architecture.md; these hold it to the folders.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const architecture = readFileSync(path.join(root, "docs/architecture.md"), "utf8");

/** The first column of the first table under a heading: `| \`name\` | ... |`. */
function namesInTable(heading: string): string[] {
  const start = architecture.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no "${heading}"`);
  const lines = architecture.slice(start + heading.length + 2).split("\n");
  const first = lines.findIndex((line) => line.startsWith("|"));
  const table = lines.slice(first);
  const end = table.findIndex((line) => !line.startsWith("|"));
  return table
    .slice(0, end < 0 ? undefined : end)
    .map((line) => /^\|\s*`([a-z-]+)`\s*\|/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

function folders(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

describe("the module map in docs/architecture.md", () => {
  it("names every server module folder once, and no other", () => {
    const named = namesInTable("## Server modules");
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(folders("apps/server/src/modules").sort());
  });

  it("names every web feature folder once, and no other", () => {
    const named = namesInTable("### Web features");
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(folders("apps/web/src/features").sort());
  });

  it("gives every table's owner a row in the module map", () => {
    const modules = new Set(namesInTable("## Server modules"));
    for (const owner of namesInTable("## Who owns which table")) {
      expect(modules.has(owner), owner).toBe(true);
    }
  });
});
