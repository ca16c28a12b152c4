import { randomUUID } from "node:crypto";
import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { type Database, type DatabaseHandle, openDatabase } from "./db/client.ts";
import { acquireDataDirLock } from "./db/data-dir-lock.ts";
import { giveDemoFaces } from "./demo/faces.ts";
import { demoPasswordFor } from "./demo/password.ts";
import { DEMO_EMAIL, seedDemoIfEmpty } from "./demo/seed.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { deleteAccount } from "./modules/account/service.ts";
import { verifyPassword } from "./modules/auth/passwords.ts";
import { signInNoticePlugin } from "./modules/auth/plugin.ts";
import { chatHubPlugin } from "./modules/chat/hub.ts";
import { digestPlugin } from "./modules/digest/digest.ts";
import { feedPlugin } from "./modules/feed/plugin.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { jobsPlugin } from "./modules/jobs/worker.ts";
import { mailPlugin } from "./modules/mail/plugin.ts";
import { moderationPlugin } from "./modules/moderation/plugin.ts";
import { banPurgeHandler } from "./modules/moderation/service.ts";
import { notificationsPlugin } from "./modules/notifications/plugin.ts";
import { photoStoragePlugin } from "./modules/photos/service.ts";
import { picksPlugin } from "./modules/picks/plugin.ts";
import { pushPlugin } from "./modules/push/plugin.ts";
import { loadSkillVocabulary } from "./modules/skills/service.ts";
import { findUserByEmail, grantConfiguredAdmins } from "./modules/users/service.ts";
import { verificationPlugin } from "./modules/verification/plugin.ts";
import { PAGE_PREVIEWS } from "./pages.ts";
import { PERSONAL_DATA_PARTS } from "./personal-data.ts";
import { adminSocketPlugin } from "./plugins/admin-socket.ts";
import { csrfPlugin } from "./plugins/csrf.ts";
import {
  answerClientError,
  answerFrameworkError,
  errorsPlugin,
  HttpError,
} from "./plugins/errors.ts";
import { inputGuardPlugin } from "./plugins/input-guard.ts";
import { type Lifecycle, lifecyclePlugin } from "./plugins/lifecycle.ts";
import { localePlugin } from "./plugins/locale.ts";
import { metricsPlugin, metricsRoute } from "./plugins/metrics.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { redisPlugin } from "./plugins/redis.ts";
import { requestLogPlugin } from "./plugins/request-log.ts";
import type { ApiScopes } from "./plugins/scopes.ts";
import { securityPlugin } from "./plugins/security.ts";
import { sessionPlugin } from "./plugins/session.ts";
import { staticSpaPlugin } from "./plugins/static-spa.ts";
import { startTracing, type Tracing } from "./plugins/tracing.ts";
import { unreadBodyPlugin } from "./plugins/unread-body.ts";
import { registerApiRoutes } from "./routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** Settles once the database is open, migrated and seeded (buildApp waits for it by default). */
    databaseReady: Promise<void>;
    /** The demo login to print at start, when there is a demo account. */
    demoLogin: DemoLogin | null;
    /** Now, by the one clock (lib/clock.ts): the config's in tests, the system's otherwise. */
    now: Clock;
  }
}

/** password null: the demo account exists but its password is not the one kept in this DATA_DIR. */
export type DemoLogin = { email: string; password: string | null; file: string | null };

export const BODY_LIMIT_BYTES = 64 * 1024;

export type BuildOptions = {
  /** An already open (or opening) database (tests); otherwise opened from the config. The app closes it. */
  database?: DatabaseHandle | Promise<DatabaseHandle>;
  /**
   * false: return before the database is open, so the server can listen (and /api/ready answer
   * 503) while migrations run; `app.databaseReady` settles when it is open.
   */
  waitForDatabase?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
  /** The API's routes by scope, when not routes.ts's API_SCOPES (tests add routes of their own). */
  apiScopes?: ApiScopes;
};

/**
 * Opens the database the config names. The embedded one is opened only once its folder is locked
 * to this process (thrown synchronously, before anything else starts, when another holds it); the
 * lock is released when the database closes or fails to open.
 */
function openConfiguredDatabase(
  config: Config,
  onMaintenanceError: (error: unknown) => void,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl });
  if (config.dataDir.startsWith("memory://")) {
    return openDatabase({ dataDir: "memory://", onMaintenanceError });
  }
  const lock = acquireDataDirLock(config.dataDir);
  return openDatabase({ dataDir: path.join(config.dataDir, "pglite"), onMaintenanceError }).then(
    (handle) => ({
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    }),
    (error: unknown) => {
      lock.release();
      throw error;
    },
  );
}

/** Adds the demo people on an empty database and finds the demo login to print. */
async function prepareDemo(config: Config, db: Database, app: FastifyInstance) {
  const { password, file } = demoPasswordFor(config.dataDir);
  const seeded = await seedDemoIfEmpty(db, password, app.log);
  if (seeded.length > 0) await giveDemoFaces(app, seeded);
  const demo = await findUserByEmail(db, DEMO_EMAIL);
  if (!demo) return null;
  const matches = await verifyPassword(demo.passwordHash, password);
  return { email: DEMO_EMAIL, password: matches ? password : null, file: matches ? file : null };
}

/** A database that does not answer within this is reported as down by /api/health. */
const PING_TIMEOUT_MS = 2_000;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function loggerOptions(config: Config, stream: BuildOptions["logStream"], tracing?: Tracing) {
  // With tracing on, every line written inside a request's span names its trace.
  const mixin = tracing ? { mixin: tracing.logFields } : {};
  if (stream) return { level: config.logLevel, stream, ...mixin };
  const pretty = config.nodeEnv === "development" && process.stdout.isTTY;
  return {
    level: config.logLevel,
    ...mixin,
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
  // First, so a second server on a locked data folder stops before doing anything else.
  let logMaintenanceError = (_error: unknown) => {};
  const opening = Promise.resolve(
    options.database ?? openConfiguredDatabase(config, (error) => logMaintenanceError(error)),
  );
  opening.catch(() => {}); // handled where it is awaited; this only keeps Node from crashing early
  const { timeouts } = config;
  const tracing = config.tracing ? await startTracing(config.tracing) : undefined;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream, tracing),
    // Fastify's two lines per request give way to the request-log plugin's one line per API call.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the listed proxies: the client is the first address from the right that is not one.
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.socketIdleMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node looks for requests over their time: the cut comes at most this late.
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, timeouts.headersMs / 4)),
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // The lifecycle plugin answers during shutdown, in the contract's error body.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  logMaintenanceError = (error) => app.log.warn({ err: error }, "database vacuum/analyze failed");

  const lifecycle: Lifecycle = { phase: "starting" };
  let database: DatabaseHandle | undefined;
  app.decorate("db", {
    getter(): Database {
      if (!database)
        throw new HttpError(503, "STARTING", "Kindred is starting. Try again in a moment.");
      return database.db;
    },
  });
  app.decorate("config", config);
  app.decorate("now", config.now ?? systemClock);
  app.decorate("personalData", PERSONAL_DATA_PARTS);
  app.decorate("demoLogin", null);
  app.addHook("onClose", async () => {
    // Also when closed while still starting: the database (and the data folder lock) is let go.
    const handle = await opening.catch(() => undefined);
    await handle?.close();
  });
  if (tracing) {
    // First, so every hook and route registered after it runs inside the request's span.
    await app.register(tracing.plugin);
    app.addHook("onClose", async () => {
      // The spans still buffered are sent now; a collector that is away costs them, not the close.
      await tracing.shutdown().catch((error: unknown) => {
        app.log.warn({ err: error }, "the last spans could not be sent");
      });
    });
  }
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorsPlugin);
  await app.register(localePlugin);
  await app.register(unreadBodyPlugin);
  await app.register(lifecyclePlugin, { lifecycle });
  await app.register(requestLogPlugin);
  await app.register(metricsPlugin, { databaseLoad: () => database?.load() });
  await app.register(inputGuardPlugin);
  // JSON answers over 1 kB; built assets arrive already compressed (Content-Encoding set) and are
  // left alone. Request bodies are never inflated, so 64 KiB on the wire stays 64 KiB.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    globalDecompression: false,
  });
  await app.register(cookie);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(redisPlugin);
  await app.register(rateLimitPlugin);
  await app.register(sessionPlugin);
  await app.register(csrfPlugin);
  await app.register(mailPlugin);
  await app.register(chatHubPlugin);
  await app.register(notificationsPlugin);
  await app.register(jobsPlugin);
  await app.register(digestPlugin);
  await app.register(feedPlugin);
  await app.register(picksPlugin);
  await app.register(photoStoragePlugin);
  await app.register(pushPlugin);
  await app.register(adminSocketPlugin, { database: () => opening });
  await app.register(moderationPlugin);
  await app.register(verificationPlugin);
  await app.register(signInNoticePlugin);
  // The purge of a banned account deletes it as DELETE /api/account does (two modules' work).
  app.jobs.handle(
    "ban_purge",
    banPurgeHandler(app, (userId) => deleteAccount(app, userId)),
  );

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        kind: () => database?.kind ?? (config.databaseUrl ? "postgres" : "pglite"),
        ping: () => {
          if (!database) return Promise.reject(new Error("the database is still opening"));
          return withTimeout(database.ping(), PING_TIMEOUT_MS);
        },
        lifecycle,
      });
      await registerApiRoutes(api, options.apiScopes);
    },
    { prefix: "/api" },
  );

  await app.register(metricsRoute);
  await app.register(staticSpaPlugin, { previews: PAGE_PREVIEWS });

  app.decorate(
    "databaseReady",
    (async () => {
      const handle = await opening;
      database = handle;
      await loadSkillVocabulary(handle.db);
      const admins = await grantConfiguredAdmins(handle.db, config.adminEmails);
      if (admins > 0) app.log.info({ admins }, "ADMIN_EMAILS: accounts made admins");
      if (config.seedDemo) app.demoLogin = await prepareDemo(config, handle.db, app);
      if (lifecycle.phase === "starting") lifecycle.phase = "ready";
    })(),
  );
  // Settled here so an unwaited failure is not an unhandled rejection; callers still see it.
  app.databaseReady.catch(() => {});

  if (options.waitForDatabase !== false) {
    try {
      await app.databaseReady;
    } catch (error) {
      await app.close();
      throw error;
    }
  }
  return app;
}
