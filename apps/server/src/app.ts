import { randomUUID } from "node:crypto";
import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { type Database, type DatabaseHandle, openDatabase } from "./db/client.ts";
import { seedDemoIfEmpty } from "./db/seed-demo.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { avatarRoutes } from "./modules/avatars/routes.ts";
import { feedRoutes } from "./modules/feed/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { mailPlugin } from "./modules/mail/plugin.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { publicProfileRoutes } from "./modules/public-profile/routes.ts";
import { recoveryRoutes } from "./modules/recovery/routes.ts";
import { requestRoutes } from "./modules/requests/routes.ts";
import { csrfPlugin } from "./plugins/csrf.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { securityPlugin } from "./plugins/security.ts";
import { sessionPlugin } from "./plugins/session.ts";
import { staticSpaPlugin } from "./plugins/static-spa.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    config: Config;
  }
}

export const BODY_LIMIT_BYTES = 64 * 1024;

export type BuildOptions = {
  /** An already open database (tests); otherwise opened from the config. The app closes it. */
  database?: DatabaseHandle;
};

function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ url: config.databaseUrl })
    : openDatabase({ dataDir: path.join(config.dataDir, "pglite") });
}

function loggerOptions(config: Config) {
  const pretty = config.nodeEnv === "development" && process.stdout.isTTY;
  return {
    level: config.logLevel,
    ...(pretty
      ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } }
      : {}),
  };
}

/** The whole server as a Fastify instance: routes under /api, the built web app everywhere else. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openConfiguredDatabase(config));
  app.decorate("db", database.db);
  app.decorate("config", config);
  app.addHook("onClose", async () => {
    await database.close();
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(rateLimitPlugin);
  await app.register(sessionPlugin);
  await app.register(csrfPlugin);
  await app.register(mailPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: database.ping, kind: database.kind });
      await api.register(accountRoutes);
      await api.register(profileRoutes);
      await api.register(publicProfileRoutes);
      await api.register(avatarRoutes);
      await api.register(feedRoutes);
      await api.register(requestRoutes);
      await api.register(recoveryRoutes);
    },
    { prefix: "/api" },
  );

  await app.register(staticSpaPlugin);

  if (config.seedDemo) {
    try {
      await seedDemoIfEmpty(database.db, app.log);
    } catch (error) {
      await app.close();
      throw error;
    }
  }
  return app;
}
