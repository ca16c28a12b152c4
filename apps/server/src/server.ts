import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./db/seed-demo.ts";
import { findUserByEmail } from "./modules/accounts/service.ts";

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

const config = readConfig();
const app = await buildApp(config).catch((error: unknown) => {
  console.error(
    `Kindred could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(
    `Kindred could not listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`,
  );
  await app.close().catch(() => {});
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === "object" && address ? address.port : config.port;
const localUrl = config.publicOrigin.includes(`:${config.port}`)
  ? config.publicOrigin.replace(`:${config.port}`, `:${port}`)
  : config.publicOrigin;
console.log(
  `Kindred is running at ${localUrl} (database: ${config.databaseUrl ? "postgres" : "pglite"})`,
);
if (config.seedDemo && (await findUserByEmail(app.db, DEMO_EMAIL))) {
  console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}
