import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../scripts/check-boundaries.mjs",
);
const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

/** Runs the layering check on a tree of the given files (the script checks the tree it sits in). */
function check(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), "kindred-boundaries-"));
  trees.push(root);
  for (const dir of ["scripts", "apps/web/src", "apps/server/src", "packages/shared/src"]) {
    mkdirSync(path.join(root, dir), { recursive: true });
  }
  copyFileSync(script, path.join(root, "scripts/check-boundaries.mjs"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(process.execPath, [path.join(root, "scripts/check-boundaries.mjs")], {
    encoding: "utf8",
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

const modules = "apps/server/src/modules";

describe("the layering check", () => {
  it("passes SQL in a repository and the users module's card used by others", () => {
    const result = check({
      [`${modules}/users/card-repository.ts`]:
        'import { sql } from "drizzle-orm";\nsql`select 1`;\n',
      [`${modules}/feed/repository.ts`]:
        'import { sql } from "drizzle-orm";\nimport { x } from "../users/card-repository.ts";\n',
      [`${modules}/feed/routes.ts`]: 'import { findFeed } from "./repository.ts";\n',
    });
    expect(result.output).toContain("Layering rules hold");
    expect(result.code).toBe(0);
  });

  it("refuses Drizzle in a service or a route, and a module reaching into another's repository", () => {
    const result = check({
      [`${modules}/profile/service.ts`]:
        'import { eq } from "drizzle-orm";\nawait db.update(users).set({}).where(eq(users.id, id));\n',
      [`${modules}/public-profile/routes.ts`]: "const rows = await app.db.select().from(users);\n",
      [`${modules}/requests/repository.ts`]:
        'import { blockedEitherWay } from "../safety/repository.ts";\n',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `${modules}/profile/service.ts: imports drizzle-orm: SQL and Drizzle belong in a repository file`,
    );
    expect(result.output).toContain(
      `${modules}/public-profile/routes.ts: runs SQL: move the query into the module's repository`,
    );
    expect(result.output).toContain(
      `${modules}/requests/repository.ts: reaches into the safety module's repository`,
    );
  });

  it("refuses a web feature importing another feature", () => {
    const result = check({
      "apps/web/src/features/recovery/routes/reset.tsx":
        'import { AuthCard } from "@/features/auth/components/auth-card";\n',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("the recovery feature imports the auth feature");
  });
});
