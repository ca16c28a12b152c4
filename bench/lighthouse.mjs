// Lighthouse (mobile) on the built app: the signed-in screens as the demo account sees them on a
// returning visit with an empty HTTP cache, and the landing page as a visitor (3 runs, median).
//
//   npm run build && node bench/lighthouse.mjs [--runs N] [--keep DIR]
//
// Needs Chromium (CHROME_PATH, default /usr/bin/chromium) and `npx lighthouse@12`.
// The server is started the way `npm start` starts it: node apps/server/dist/server.js with a
// fresh DATA_DIR and the demo seed. The signed-in runs use one Chromium in which the demo account
// logged in through the API, so the session cookie, the XSRF cookie and the app's localStorage
// hint are what a returning user has; its HTTP cache is emptied before each run.
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The built app to measure (another worktree's build, to compare); this checkout by default.
const appRoot = path.resolve(process.env.APP_ROOT ?? root);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    "landing-runs": { type: "string", default: "3" },
    pages: { type: "string", default: "/home,/connections,/chat,/community" },
    keep: { type: "string" },
  },
});
const SIGNED_IN_PAGES = options.pages.split(",").filter(Boolean);
const RUNS = Number(options.runs);
const LANDING_RUNS = Number(options["landing-runs"]);
const SESSION_HINT_KEY = "kindred.signed-in";
const WebSocket = createRequire(path.join(root, "apps/server/package.json"))("ws");
const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check, what, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not yet
    }
    await sleep(150);
  }
  throw new Error(`${what} did not come up within ${ms / 1000} s`);
}

async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(appRoot, "apps/server/dist/server.js")], {
    cwd: appRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    return (await fetch(`${base}/api/ready`)).ok;
  }, "the server").catch((error) => {
    child.kill("SIGKILL");
    throw new Error(`${error.message}\n${output}`);
  });
  return { child, base };
}

/** A minimal Chrome DevTools Protocol client over one page's socket. */
async function connectPage(debugPort) {
  const targets = await (await fetch(`http://127.0.0.1:${debugPort}/json/list`)).json();
  const page = targets.find((target) => target.type === "page");
  const socket = new WebSocket(page.webSocketDebuggerUrl, { headers: {} });
  await new Promise((resolve, reject) => {
    socket.on("open", resolve);
    socket.on("error", reject);
  });
  let nextId = 1;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(JSON.stringify(message.error)));
    else waiter.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

async function evaluate(page, expression) {
  const { result, exceptionDetails } = await page.send("Runtime.evaluate", {
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
  return result.value;
}

/** Chromium in which the demo account is signed in, as after a login in the app. */
async function signedInBrowser(base, password, profileDir) {
  const debugPort = await freePort();
  const chrome = spawn(
    chromePath,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  process.once("exit", () => chrome.kill("SIGKILL"));
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${debugPort}/json/version`)).ok,
    "Chromium",
  );
  const page = await connectPage(debugPort);
  await page.send("Page.enable");
  await page.send("Page.navigate", { url: `${base}/login` });
  await waitFor(
    () =>
      evaluate(page, `fetch("/api/health").then(() => document.cookie.includes("XSRF-TOKEN="))`),
    "the XSRF cookie",
    20_000,
  );
  const status = await evaluate(
    page,
    `(async () => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)[1]);
      const response = await fetch("/api/login", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
        body: JSON.stringify({ emailId: "demo@kindred.app", password: ${JSON.stringify(password)} }),
      });
      if (response.ok) localStorage.setItem(${JSON.stringify(SESSION_HINT_KEY)}, "1");
      return response.status;
    })()`,
  );
  if (status !== 200) throw new Error(`the demo login answered ${status}`);
  await page.send("Page.navigate", { url: "about:blank" });
  return { chrome, debugPort, page };
}

async function runLighthouse(url, extraArgs, outFile) {
  await run(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      url,
      "--only-categories=performance,accessibility,best-practices",
      "--output=json",
      `--output-path=${outFile}`,
      "--quiet",
      ...extraArgs,
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(readFileSync(outFile, "utf8"));
}

/**
 * One Lighthouse run. On a busy machine Chromium sometimes records no trace (NO_NAVSTART); such a
 * run measured nothing, so it is made once more, and skipped (and said so) if it fails again.
 */
async function lighthouse(url, extraArgs, outFile, beforeEachAttempt = async () => {}) {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await beforeEachAttempt();
      return await runLighthouse(url, extraArgs, outFile);
    } catch (error) {
      const reason = String(error.stderr ?? error.message)
        .split("\n")
        .find((line) => /error/i.test(line));
      console.error(`lighthouse failed on ${url} (attempt ${attempt}): ${reason ?? error.message}`);
    }
  }
  return undefined;
}

function summarize(page, report) {
  const audit = (id) => report.audits[id]?.numericValue;
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failed = Object.values(report.categories)
    .filter((category) => category.id !== "performance")
    .flatMap((category) => category.auditRefs)
    .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const requests = report.audits["network-requests"]?.details?.items ?? [];
  return {
    page,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    bytes: audit("total-byte-weight"),
    lcpElement:
      report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node
        ?.snippet,
    requests: requests.map((item) => ({
      url: item.url.replace(/^https?:\/\/[^/]+/, ""),
      start: Math.round(item.networkRequestTime ?? item.startTime ?? 0),
      end: Math.round(item.networkEndTime ?? item.endTime ?? 0),
      kB: Math.round((item.transferSize ?? 0) / 100) / 10,
    })),
    failed,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
  };
}

const ms = (value) => (value === undefined ? "-" : `${Math.round(value)} ms`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function printTable(rows) {
  const header = ["page", "perf", "a11y", "best", "FCP", "LCP", "TBT", "CLS", "bytes"];
  const lines = rows.map((row) => [
    row.page,
    String(row.performance),
    String(row.accessibility),
    String(row.bestPractices),
    ms(row.fcp),
    ms(row.lcp),
    ms(row.tbt),
    row.cls === undefined ? "-" : row.cls.toFixed(3),
    `${Math.round(row.bytes / 1024)} kB`,
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => line[index].length)),
  );
  const format = (cells) => cells.map((cell, index) => cell.padEnd(widths[index])).join("  ");
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

const work = mkdtempSync(path.join(tmpdir(), "kindred-lighthouse-"));
const outDir = options.keep ?? work;
mkdirSync(outDir, { recursive: true });
const dataDir = path.join(work, "data");
const { child: server, base } = await startServer(dataDir);
let browser;
const rows = [];
try {
  const password = readFileSync(path.join(dataDir, "demo-password"), "utf8").trim();
  browser = await signedInBrowser(base, password, path.join(work, "profile"));
  for (let attempt = 1; attempt <= RUNS; attempt++) {
    for (const page of SIGNED_IN_PAGES) {
      const name = `${page.replace(/\W+/g, "_")}-${attempt}`;
      const report = await lighthouse(
        `${base}${page}`,
        [`--port=${browser.debugPort}`, "--disable-storage-reset"],
        path.join(outDir, `${name}.json`),
        // A returning user's browser: cookies and localStorage kept, HTTP cache empty.
        async () => {
          await browser.page.send("Network.enable");
          await browser.page.send("Network.clearBrowserCache");
        },
      );
      if (!report) continue;
      const row = summarize(page, report);
      if (row.finalUrl !== `${base}${page}`) row.page += ` (ended at ${row.finalUrl})`;
      rows.push(row);
      console.error(`measured ${page} (run ${attempt})`);
    }
  }
  for (let attempt = 1; attempt <= LANDING_RUNS; attempt++) {
    const report = await lighthouse(
      `${base}/`,
      ["--chrome-flags=--headless --no-sandbox --disable-gpu"],
      path.join(outDir, `landing-${attempt}.json`),
    );
    if (report) rows.push(summarize("/ (visitor)", report));
    console.error(`measured / (run ${attempt})`);
  }
} finally {
  browser?.page.close();
  browser?.chrome.kill("SIGTERM");
  server.kill("SIGTERM");
  await new Promise((resolve) =>
    server.exitCode !== null ? resolve() : server.once("exit", resolve),
  );
}

if (process.env.LIGHTHOUSE_DETAILS) {
  for (const row of rows) {
    console.log(
      `\n${row.page}: LCP element ${row.lcpElement ?? "?"}; failing: ${row.failed.join(", ") || "none"}`,
    );
    for (const request of row.requests) {
      console.log(
        `  ${String(request.start).padStart(6)}-${String(request.end).padEnd(6)} ${String(request.kB).padStart(6)} kB  ${request.url.slice(0, 100)}`,
      );
    }
  }
  console.log("");
}
printTable(rows);
const byPage = Map.groupBy ? Map.groupBy(rows, (row) => row.page) : null;
const groups =
  byPage ??
  rows.reduce((map, row) => map.set(row.page, [...(map.get(row.page) ?? []), row]), new Map());
const medians = [...groups].filter(([, list]) => list.length > 1);
if (medians.length) {
  console.log("\nmedian");
  printTable(
    medians.map(([page, list]) => ({
      page,
      performance: median(list.map((row) => row.performance)),
      accessibility: median(list.map((row) => row.accessibility)),
      bestPractices: median(list.map((row) => row.bestPractices)),
      fcp: median(list.map((row) => row.fcp)),
      lcp: median(list.map((row) => row.lcp)),
      tbt: median(list.map((row) => row.tbt)),
      cls: median(list.map((row) => row.cls)),
      bytes: median(list.map((row) => row.bytes)),
    })),
  );
}
if (!options.keep) rmSync(work, { recursive: true, force: true });
