// `npm run dev`: the watching server (port 7777) and the Vite dev server (proxying /api) side by side.
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { root } from "./build-if-needed.mjs";

const colors = { server: "\x1b[36m", web: "\x1b[35m" };
const reset = "\x1b[0m";
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

const processes = [
  { name: "server", args: ["run", "dev", "-w", "@kindred/server"] },
  { name: "web", args: ["run", "dev", "-w", "@kindred/web"] },
];

function prefix(name) {
  const label = `[${name}]`.padEnd(9);
  return useColor ? `${colors[name]}${label}${reset}` : label;
}

let stopping = false;
let exitCode = 0;
const running = new Set();

function stopAll(signal = "SIGTERM") {
  for (const child of running) {
    try {
      // Negative pid: the whole group (npm, its shell and the watcher below it).
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

for (const { name, args } of processes) {
  const child = spawn("npm", args, {
    cwd: root,
    env: {
      ...process.env,
      // npm runs the server inside apps/server; keep the same ./data that `npm start` uses.
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, "data"),
      // People use the Vite page: the chat socket's Origin check and shared links name it.
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? "http://localhost:5173",
      FORCE_COLOR: process.env.FORCE_COLOR ?? (useColor ? "1" : "0"),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      console.log(`${prefix(name)} ${line}`);
    });
  }
  child.on("exit", (code, signal) => {
    running.delete(child);
    if (!stopping) {
      console.log(`${prefix(name)} exited (${signal ?? `code ${code}`}); stopping the other one`);
      stopping = true;
      exitCode = code || 1;
      stopAll();
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) {
      // A second Ctrl-C: do not wait for a graceful shutdown.
      stopAll("SIGKILL");
      process.exit(130);
    }
    stopping = true;
    console.log("[dev]     stopping the server and the web dev server");
    stopAll(signal === "SIGHUP" ? "SIGTERM" : signal);
  });
}
