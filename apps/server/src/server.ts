import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { drain } from "./plugins/lifecycle.ts";

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a person starting the server needs to see, one fact per line. */
function banner(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = config.publicOrigin.includes(`:${config.port}`)
    ? config.publicOrigin.replace(`:${config.port}`, `:${port}`)
    : config.publicOrigin;
  const database = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).host})`
    : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  const lines = ["", "  Kindred is running", "", `  URL        ${url}`, `  Database   ${database}`];
  const metrics = app.metrics.server?.address();
  if (metrics && typeof metrics === "object") {
    const host = metrics.family === "IPv6" ? `[${metrics.address}]` : metrics.address;
    lines.push(`  Metrics    http://${host}:${metrics.port}/metrics (no token needed there)`);
  }
  const demo = app.demoLogin;
  if (demo?.password) {
    lines.push(`  Demo login ${demo.email} / ${demo.password}`);
    if (demo.file) lines.push(`             (password kept in ${demo.file})`);
  } else if (demo) {
    lines.push(`  Demo login ${demo.email} (its password is kept by the server that seeded it)`);
  }
  return `${lines.join("\n")}\n`;
}

const config = readConfig();
const app = await buildApp(config, { waitForDatabase: false }).catch((error: unknown) => {
  console.error(`Kindred could not start: ${message(error)}`);
  process.exit(1);
});

// On SIGINT/SIGTERM or a crash: after SHUTDOWN_DRAIN_MS of answering 503 on /api/ready (so a
// load balancer stops sending traffic here), stop accepting, let requests in flight finish, close
// the database and release the data folder; past 10 s more the process exits anyway (the lock file
// is then removed on exit, or taken over as stale by the next start).
const drainMs = config.shutdownDrainMs ?? 0;
closeWithGrace({ delay: drainMs + 10_000, logger: false }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "stopping after an unexpected error");
  else {
    app.log.info({ signal }, "shutting down");
    await drain(app, drainMs);
  }
  await app.close();
});

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(`Kindred could not listen on ${config.host}:${config.port}: ${message(error)}`);
  await app.close().catch(() => {});
  process.exit(1);
}

try {
  // Listening already: /api/ready answers 503 until the migrations and the demo seed are done.
  await app.databaseReady;
} catch (error) {
  console.error(`Kindred could not open its database: ${message(error)}`);
  await app.close().catch(() => {});
  process.exit(1);
}
console.log(banner(app, config));
