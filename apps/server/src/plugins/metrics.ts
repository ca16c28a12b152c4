import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseLoad } from "../db/client.ts";
import { countWaitingJobs, type JobCounts } from "../modules/jobs/service.ts";
import { photoWorkInFlight } from "../modules/photos/service.ts";

/**
 * The app's instruments. Counters are incremented where the thing happens; gauges read their
 * value when /metrics is scraped. One registry per app (tests build many apps in one process).
 */
export type AppMetrics = {
  registry: Registry;
  /** Web pushes handed to a push service: `sent` (2xx) or `failed` (any other end). */
  pushSends: Counter<"outcome">;
  /** Mails handed to SMTP or the outbox: `sent` or `failed`. */
  mailSends: Counter<"outcome">;
  /** Job runs that threw (retried later, or dropped after the last attempt), by kind. */
  jobFailures: Counter<"kind">;
  /** Photos being decoded and resized right now (uploads and pasted addresses). */
  /** The listener of METRICS_PORT, once the app is ready; null without one. */
  server: http.Server | null;
};

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export type MetricsOptions = {
  /** The database's load now; undefined while it is still opening. */
  databaseLoad: () => DatabaseLoad | undefined;
};

/** The label of a request no route matched: never the raw URL, which the client chooses. */
const NO_ROUTE = "(no route)";
const OUTCOMES = ["sent", "failed"] as const;

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Compares digests, so neither the token's characters nor its length show in the timing. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

function databaseGauges(registry: Registry, options: MetricsOptions, postgres: boolean) {
  if (postgres) {
    const pool = (
      name: string,
      help: string,
      read: (load: DatabaseLoad & { kind: "postgres" }) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const load = options.databaseLoad();
          if (load?.kind === "postgres") this.set(read(load));
        },
      });
    pool(
      "kindred_db_pool_connections",
      "Connections the PostgreSQL pool holds open.",
      (l) => l.total,
    );
    pool("kindred_db_pool_idle", "Open pool connections doing nothing.", (l) => l.idle);
    pool("kindred_db_pool_waiting", "Queries waiting for a pool connection.", (l) => l.waiting);
    return;
  }
  new Gauge({
    name: "kindred_pglite_queue_length",
    help: "Statements the embedded database has not answered yet (it runs one at a time).",
    registers: [registry],
    collect() {
      const load = options.databaseLoad();
      if (load?.kind === "pglite") this.set(load.queueLength);
    },
  });
}

/**
 * The jobs waiting and failed by kind. Both gauges are collected in the same turn of a scrape, so
 * they share one count; a kind seen once keeps a series at 0 when its queue empties.
 */
function jobGauges(app: FastifyInstance, registry: Registry) {
  const seenKinds = new Set<string>();
  let counting: Promise<JobCounts[] | undefined> | undefined;
  const countOnce = () => {
    counting ??= countWaitingJobs(app.db)
      .catch((error: unknown) => {
        // Starting, or the database is away: the scrape still answers, without these.
        app.log.debug({ err: error }, "metrics: jobs not counted");
        return undefined;
      })
      .finally(() => {
        counting = undefined;
      });
    return counting;
  };
  const gauge = (name: string, help: string, field: "waiting" | "failed") =>
    new Gauge({
      name,
      help,
      labelNames: ["kind"],
      registers: [registry],
      async collect() {
        const counts = await countOnce();
        this.reset();
        if (!counts) return;
        for (const kind of seenKinds) this.set({ kind }, 0);
        for (const row of counts) {
          seenKinds.add(row.kind);
          this.set({ kind: row.kind }, row[field]);
        }
      },
    });
  gauge(
    "kindred_jobs_waiting",
    "Background jobs waiting (due, scheduled or running), by kind; the same on every process.",
    "waiting",
  );
  gauge(
    "kindred_jobs_failed",
    "Waiting jobs whose last run failed (their retry is scheduled), by kind.",
    "failed",
  );
}

function createMetrics(app: FastifyInstance, options: MetricsOptions): AppMetrics {
  const registry = new Registry();
  const pushSends = new Counter({
    name: "kindred_push_sends_total",
    help: "Web pushes sent to a push service, by outcome (failed: refused, timed out, not 2xx).",
    labelNames: ["outcome"],
    registers: [registry],
  });
  const mailSends = new Counter({
    name: "kindred_mail_sends_total",
    help: "Mails handed to SMTP (or written to the outbox), by outcome.",
    labelNames: ["outcome"],
    registers: [registry],
  });
  for (const outcome of OUTCOMES) {
    pushSends.inc({ outcome }, 0);
    mailSends.inc({ outcome }, 0);
  }
  const jobFailures = new Counter({
    name: "kindred_job_failures_total",
    help: "Job runs that failed (to be retried, or dropped after the last attempt), by kind.",
    labelNames: ["kind"],
    registers: [registry],
  });
  new Gauge({
    name: "kindred_photo_work_in_flight",
    help: "Photos being decoded and resized now, or admitted and waiting for a photo thread.",
    registers: [registry],
    collect() {
      this.set(photoWorkInFlight());
    },
  });
  new Gauge({
    name: "kindred_chat_sockets_open",
    help: "Chat websockets open on this process.",
    registers: [registry],
    collect() {
      this.set(app.chatHub?.openSockets() ?? 0);
    },
  });
  databaseGauges(registry, options, Boolean(app.config.databaseUrl));
  jobGauges(app, registry);
  return { registry, pushSends, mailSends, jobFailures, server: null };
}

/** The metrics listener: GET /metrics answers, anything else is 404. */
function startMetricsServer(
  registry: Registry,
  host: string,
  port: number,
  log: FastifyInstance["log"],
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? "/").split("?", 1)[0];
    if (pathname !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { "content-type": registry.contentType });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        log.error({ err: error }, "metrics could not be collected");
        response.writeHead(500).end();
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/**
 * Prometheus metrics: `GET /metrics` with `Authorization: Bearer $METRICS_TOKEN`, answered
 * otherwise exactly as an unknown address is (no route exists without a token), and, with
 * METRICS_PORT, a listener of its own that needs no token. Nothing is timed or sampled unless
 * one of the two is configured; the counters exist either way, for the modules to increment.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsOptions) => {
    const settings = app.config.metrics;
    const metrics = createMetrics(app, options);
    app.decorate("metrics", metrics);
    const exposed = settings?.token !== undefined || settings?.port !== undefined;
    if (!settings || !exposed) return;

    // Event loop lag, CPU, memory, handles, GC: prom-client's default set, on this registry.
    collectDefaultMetrics({ register: metrics.registry });
    const duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by method, matched route pattern and status code.",
      labelNames: ["method", "route", "status_code"],
      registers: [metrics.registry],
    });
    app.addHook("onResponse", async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? NO_ROUTE,
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
    });

    if (settings.port !== undefined) {
      const port = settings.port;
      app.addHook("onReady", async () => {
        metrics.server = await startMetricsServer(metrics.registry, settings.host, port, app.log);
        app.log.info({ address: metrics.server.address() }, "metrics served without a token");
      });
      app.addHook("onClose", async () => {
        const server = metrics.server;
        if (!server) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: "metrics" },
);

/**
 * `GET /metrics` on the app's own port, outside /api (no session, no XSRF cookie), when
 * METRICS_TOKEN is set. Without the token it answers exactly as an address with no route does.
 */
export const metricsRoute = fp(
  async (app: FastifyInstance) => {
    const token = app.config.metrics?.token;
    if (token === undefined) return;
    const expected = digest(token);
    await app.register(async (scope) => {
      scope.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
        if (bearerMatches(request.headers.authorization, expected)) return;
        reply.callNotFound();
        return reply;
      });
      // GET only: HEAD, like every other method, finds no route here.
      scope.get("/metrics", { exposeHeadRoute: false }, async (_request, reply) => {
        const text = await app.metrics.registry.metrics();
        return reply
          .header("cache-control", "no-store")
          .type(app.metrics.registry.contentType)
          .send(text);
      });
    });
  },
  { name: "metrics-route", dependencies: ["metrics"] },
);
