import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { notifyHandler, type PushCounters, pushHandler } from "./deliver.ts";
import { loadVapidKeys } from "./vapid-keys.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The VAPID public key browsers subscribe with (base64url). */
    pushPublicKey: string;
    /** This process's pushes since start: sent, failed, subscriptions deleted (for metrics). */
    pushCounters: PushCounters;
  }
}

/** Web Push: the VAPID keys and the `notify` and `push` jobs' handlers (routes.ts: the calls). */
export const pushPlugin = fp(
  async function pushPlugin(app: FastifyInstance): Promise<void> {
    const vapid = loadVapidKeys(app.config);
    if (vapid.source !== "env" && app.config.databaseUrl && app.config.nodeEnv === "production") {
      app.log.warn(
        `VAPID keys come from ${vapid.source === "file" ? "DATA_DIR/vapid-keys.json" : "memory"}: every process that shares DATABASE_URL must use the same pair, so set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys)`,
      );
    }
    app.jobs.handle("notify", notifyHandler(app));
    const counters: PushCounters = { sent: 0, failed: 0, deleted: 0 };
    app.jobs.handle("push", pushHandler(app, vapid, counters));
    app.decorate("pushPublicKey", vapid.publicKey);
    app.decorate("pushCounters", counters);
  },
  { name: "push", dependencies: ["jobs"] },
);
