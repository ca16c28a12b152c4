import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const script = path.join(repo, "bench/bundle-size.mjs");
const router = readFileSync(path.join(repo, "apps/web/src/app/router.tsx"), "utf8");
/** /home's budget as the script sets it (kB gzipped). */
const homeBudget = /"\/home": (\d+),/.exec(readFileSync(script, "utf8"))?.[1] ?? "no budget";
const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

/** The manifest key of a module the router imports lazily (as Vite names it). */
function moduleKey(specifier: string) {
  return specifier.startsWith("@/")
    ? `src/${specifier.slice(2)}`
    : path.posix.join("src/app", specifier);
}

/**
 * A web folder with the real router and paths and a small fake build: every lazily imported
 * module is a tiny chunk that imports the entry, and `big` (kB of incompressible bytes) goes into
 * a chunk only the feed page imports. The entry starts either the landing page (`landing`) or the
 * app with its router (`app`, named by its file as Vite names it); `routerKb` kB go into the app's
 * chunk. `starts` replaces the entry's dynamic imports.
 */
function build({
  big = 0,
  routerKb = 0,
  routerText = router,
  drop = "",
  starts = ["src/app/landing-first.tsx", "_app.js"],
} = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "kindred-bundle-size-"));
  trees.push(root);
  const web = path.join(root, "apps/web");
  const write = (file: string, text: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write("apps/web/src/app/router.tsx", routerText);
  for (const file of ["apps/web/src/config/paths.ts", "packages/shared/src/paths.ts"]) {
    write(file, readFileSync(path.join(repo, file)));
  }
  write(
    "apps/web/dist/index.html",
    '<script type="module" crossorigin src="/assets/index.js"></script>\n',
  );
  write("apps/web/dist/assets/index.js", 'import "./react.js";\nexport const entry = 1;\n');
  write("apps/web/dist/assets/react.js", "export const react = 1;\n");
  write("apps/web/dist/assets/motion.js", randomBytes(big * 1024).toString("latin1"));
  write("apps/web/dist/assets/landing-first.js", 'import "./react.js";\nexport const l = 1;\n');
  write("apps/web/dist/assets/app.js", randomBytes(routerKb * 1024).toString("latin1"));
  const manifest: Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
  > = {
    "index.html": {
      file: "assets/index.js",
      imports: ["_react.js"],
      dynamicImports: starts,
      isEntry: true,
    },
    "_react.js": { file: "assets/react.js" },
    "_motion.js": { file: "assets/motion.js" },
    "src/app/landing-first.tsx": { file: "assets/landing-first.js", imports: ["_react.js"] },
    "_app.js": { file: "assets/app.js", imports: ["_react.js"] },
  };
  const modules = new Set(
    [...routerText.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((m) => String(m[1])),
  );
  for (const specifier of modules) {
    const key = moduleKey(specifier);
    if (key === drop) continue;
    const file = `assets/${path.posix.basename(key, ".tsx")}.js`;
    write(`apps/web/dist/${file}`, `export const page = ${JSON.stringify(key)};\n`);
    const imports = ["index.html"];
    if (key === "src/features/feed/routes/feed-page.tsx") imports.push("_motion.js");
    manifest[key] = { file, imports };
  }
  write("apps/web/dist/.vite/manifest.json", JSON.stringify(manifest));
  const run = spawnSync(process.execPath, [script, "110", "--web", web], { encoding: "utf8" });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the JavaScript budgets", () => {
  it("passes when every route's chunks are small, listing each route", () => {
    const result = build();
    expect(result.output).toMatch(new RegExp(`^/home +\\d+ +\\d+\\.\\d +${homeBudget}$`, "m"));
    expect(result.output).toMatch(/^\/services\/events\/some-event +\d+ /m);
    expect(result.output).toContain("within their JavaScript budgets");
    expect(result.code).toBe(0);
  });

  it("fails when the chunks a route loads go over its budget, naming only that route", () => {
    const result = build({ big: 400 });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(new RegExp(`^/home .* ${homeBudget} {2}OVER$`, "m"));
    expect(result.output).toMatch(
      new RegExp(`over budget or unreadable: /home: \\d+\\.\\d kB > ${homeBudget} kB`),
    );
    expect(result.output).not.toMatch(/over budget or unreadable: \/profile/);
    expect(result.output).not.toMatch(/over budget or unreadable: landing/);
  });

  it("counts the app's start (the router) on every route and not on the landing page", () => {
    const result = build({ routerKb: 400 });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^landing initial JS: 0\.\d kB gzipped/m);
    expect(result.output).not.toMatch(/over budget or unreadable: landing/);
    for (const route of ["/home", "/profile", "/services/events/some-event"]) {
      expect(result.output).toContain(`over budget or unreadable: ${route}: 4`);
    }
  });

  it("fails when it cannot tell how the entry starts the landing page and the app", () => {
    const ambiguous = build({ starts: ["src/app/landing-first.tsx", "_app.js", "_other.js"] });
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.output).toContain("the app's start is ambiguous");
    const noLanding = build({ starts: ["_app.js"] });
    expect(noLanding.code).toBe(1);
    expect(noLanding.output).toContain("src/app/landing-first.tsx: main.tsx no longer imports it");
  });

  it("fails when a module the router loads is not in the build's manifest", () => {
    const result = build({ drop: "src/app/guards.tsx" });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      "src/app/guards.tsx: lazily imported by the router, not in manifest",
    );
  });

  it("fails when the router gains a path that has no budget", () => {
    const routerText = router.replace(
      "path: paths.settings,",
      'path: "/wallet",\n children: [], lazy: async () => ({}) }, { path: paths.settings,',
    );
    expect(routerText).not.toBe(router);
    const result = build({ routerText });
    expect(result.code).toBe(1);
    expect(result.output).toContain("/wallet: routed but neither budgeted nor listed");
  });
});
