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

const schema = `import { pgTable, uuid } from "drizzle-orm/pg-core";
export const users = pgTable("users", { id: uuid("id") });
export const connectionRequests = pgTable("connection_requests", { id: uuid("id") });
export const jobs = pgTable("jobs", { id: uuid("id") });
`;
const owners = `# Architecture

## Who owns which table

| module     | tables                |
| ---------- | --------------------- |
| \`users\`    | \`users\`               |
| \`requests\` | \`connection_requests\` |
| \`jobs\`     | \`jobs\`                |

## Next
`;
/** A tree with a schema, its owners and their modules, plus the given files. */
const withOwners = (files: Record<string, string>) => ({
  "apps/server/src/db/schema.ts": schema,
  "docs/architecture.md": owners,
  [`${modules}/users/repository.ts`]: "",
  [`${modules}/requests/repository.ts`]: "",
  [`${modules}/jobs/repository.ts`]: "",
  ...files,
});

describe("the layering check", () => {
  it("passes SQL in its owner's repository, an owner's fragments composed by another repository, and a service calling another module's service", () => {
    const result = check(
      withOwners({
        [`${modules}/users/fragments.ts`]:
          'import { sql } from "drizzle-orm";\nexport const card = sql`select 1 from users u`;\n',
        [`${modules}/requests/repository.ts`]:
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a source file's own template literal
          'import { sql } from "drizzle-orm";\nimport { card } from "../users/fragments.ts";\nsql`select * from connection_requests r join ${card} on true`;\n',
        [`${modules}/requests/service.ts`]:
          'import { findUserById } from "../users/service.ts";\nimport { send } from "./repository.ts";\n',
        [`${modules}/users/service.ts`]: 'import { find } from "./repository.ts";\n',
        [`${modules}/requests/routes.ts`]: 'import { sendRequest } from "./service.ts";\n',
      }),
    );
    expect(result.output).toContain("Layering rules hold");
    expect(result.code).toBe(0);
  });

  it("refuses Drizzle in a service or a route, and a module reaching into another's repository, users' included", () => {
    const result = check({
      [`${modules}/profile/service.ts`]:
        'import { eq } from "drizzle-orm";\nawait db.update(users).set({}).where(eq(users.id, id));\n',
      [`${modules}/public-profile/routes.ts`]: "const rows = await app.db.select().from(users);\n",
      [`${modules}/requests/repository.ts`]:
        'import { blockedEitherWay } from "../safety/repository.ts";\n',
      [`${modules}/feed/repository.ts`]:
        'import { cardColumns } from "../users/card-repository.ts";\n',
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
    expect(result.output).toContain(
      `${modules}/feed/repository.ts: reaches into the users module's repository`,
    );
  });

  it("refuses a table named outside its owner, in SQL text or as a Drizzle table", () => {
    const result = check(
      withOwners({
        [`${modules}/chat/repository.ts`]:
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a source file's own template literal
          'import { sql } from "drizzle-orm";\nsql`select id from connection_requests r where r.status = ${"accepted"}`;\n',
        [`${modules}/account/repository.ts`]:
          'import { users } from "../../db/schema.ts";\nawait tx.delete(users);\n',
        // A type taken from the schema names no table in SQL.
        [`${modules}/feed/repository.ts`]:
          'import type { users } from "../../db/schema.ts";\ntype Row = typeof users.$inferSelect;\n',
        "apps/server/src/db/seed.ts":
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a source file's own template literal
          'import { sql } from "drizzle-orm";\nsql`insert into jobs (id) values (${id})`;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `${modules}/chat/repository.ts: names the table connection_requests (owned by requests); call the requests module`,
    );
    expect(result.output).toContain(
      `${modules}/account/repository.ts: names the table users (owned by users)`,
    );
    expect(result.output).toContain(
      "apps/server/src/db/seed.ts: names the table jobs (owned by jobs)",
    );
    expect(result.output).not.toContain(`${modules}/feed/repository.ts`);
  });

  it("refuses a table without an owner, with two, or owned by a folder that is not a module", () => {
    const result = check({
      "apps/server/src/db/schema.ts": `${schema}export const photos = pgTable("photos", { key: uuid("key") });\n`,
      "docs/architecture.md": owners
        .replace("| `jobs`     | `jobs`                |", "| `jobs`     | `jobs`, `users`       |")
        .replace("`connection_requests`", "`connection_requests`, `gone`"),
      [`${modules}/users/repository.ts`]: "",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('the table photos has no owner in "Who owns which table"');
    expect(result.output).toContain("the table users has 2 owners: users,jobs");
    expect(result.output).toContain(
      "the table connection_requests's owner requests is not a module",
    );
    expect(result.output).toContain("owns gone, which is not a table of the schema");
  });

  it("refuses an owner's fragments used outside a repository", () => {
    const result = check(
      withOwners({
        [`${modules}/users/fragments.ts`]: "export const card = 1;\n",
        [`${modules}/requests/service.ts`]: 'import { card } from "../users/fragments.ts";\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `${modules}/requests/service.ts: uses the users module's SQL fragments (../users/fragments.ts) outside a repository`,
    );
  });

  it("refuses a transaction opened in a route file", () => {
    const result = check({
      [`${modules}/requests/routes.ts`]:
        'import { send } from "./service.ts";\nawait app.db.transaction(async (tx) => send(tx));\n',
      [`${modules}/requests/service.ts`]: "await app.db.transaction(async (tx) => tx);\n",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `${modules}/requests/routes.ts: opens a transaction: rules and transactions belong in the module's service`,
    );
    expect(result.output).not.toContain(`${modules}/requests/service.ts`);
  });

  it("refuses an import cycle between modules, however long, and not an import one way", () => {
    const result = check({
      [`${modules}/posts/service.ts`]: 'import { notify } from "../notifications/service.ts";\n',
      [`${modules}/notifications/service.ts`]: 'import { postUrl } from "../posts/links.ts";\n',
      [`${modules}/users/service.ts`]: 'import { x } from "../photos/names.ts";\n',
      [`${modules}/photos/service.ts`]: 'import { y } from "../chat/service.ts";\n',
      [`${modules}/chat/service.ts`]: 'import type { Z } from "../users/user-view.ts";\n',
      [`${modules}/feed/service.ts`]: 'import { a } from "../users/service.ts";\n',
      // Tests may import across modules freely.
      [`${modules}/feed/feed.test.ts`]: 'import { b } from "../users/service.ts";\n',
      [`${modules}/users/users.test.ts`]: 'import { c } from "../feed/service.ts";\n',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("import cycle between the modules notifications, posts");
    expect(result.output).toContain("import cycle between the modules chat, photos, users");
    expect(result.output).not.toMatch(/cycle between the modules [a-z, ]*feed/);
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
