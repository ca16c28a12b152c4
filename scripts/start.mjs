// `npm start`: build what is stale, then run the bundled server (web app and /api on one origin).
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

const log = (line) => console.log(`[kindred] ${line}`);

if (!(await buildIfNeeded({ log }))) {
  log("not starting: fix the build error above, then run npm start again");
  process.exit(1);
}

const port = process.env.PORT ?? "7777";
log(`starting the server on port ${port} (node apps/server/dist/server.js)`);

// Its own process group, so a terminal Ctrl-C reaches it once, through us, not twice.
const server = spawn(process.execPath, [path.join(root, "apps/server/dist/server.js")], {
  cwd: root,
  env: process.env,
  stdio: "inherit",
  detached: true,
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the server`);
    server.kill(signal === "SIGHUP" ? "SIGTERM" : signal);
  });
}

server.on("error", (error) => {
  log(`could not start the server: ${error.message}`);
  process.exit(1);
});
server.on("exit", (code, signal) => {
  if (!stopping) log(`the server exited (${signal ?? `code ${code}`})`);
  process.exit(code ?? (stopping ? 0 : 1));
});
