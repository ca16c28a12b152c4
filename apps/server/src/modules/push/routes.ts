import {
  envelope,
  isUuid,
  NOTIFICATION_MESSAGES,
  okSchema,
  pushKeySchema,
  pushSubscriptionBodySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { hashSessionId, SESSION_COOKIE } from "../../plugins/session.ts";
import { checkEndpoint } from "./endpoint-guard.ts";
import { deleteOwnSubscription, saveSubscription } from "./repository.ts";

export type PushRoutesOptions = { publicKey: string };

/** The VAPID key browsers subscribe with, and the subscriptions of the caller's devices. */
export async function pushRoutes(app: FastifyInstance, options: PushRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const allowPrivate = app.config.push?.allowPrivateEndpoints ?? false;

  r.get(
    "/push/key",
    {
      schema: {
        tags: ["notifications"],
        summary: "The VAPID public key (base64url) a browser subscribes with",
        response: { 200: envelope(pushKeySchema) },
      },
    },
    async () => ({ status: 1 as const, message: "OK", data: { publicKey: options.publicKey } }),
  );

  r.post(
    "/push/subscriptions",
    {
      schema: {
        tags: ["notifications"],
        summary: "Subscribe this device to pushes; its id is the playerId login and signup send",
        body: pushSubscriptionBodySchema,
        response: {
          201: envelope(z.object({ _id: z.string() })),
          400: errorResponse(
            "Not a browser's subscription, or an endpoint that is not https on a public address (`code` BAD_ENDPOINT)",
          ),
        },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const check = await checkEndpoint(endpoint, allowPrivate);
      if (!check.ok) throw new HttpError(400, "BAD_ENDPOINT", check.message);
      const id = await saveSubscription(app.db, {
        userId: request.userId,
        sessionIdHash: hashSessionId(request.cookies[SESSION_COOKIE] ?? ""),
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
      return reply.code(201).send({ status: 1, message: "Subscribed", data: { _id: id } });
    },
  );

  r.delete(
    "/push/subscriptions/:id",
    {
      schema: {
        tags: ["notifications"],
        summary: "Unsubscribe one of the caller's devices",
        params: z.object({ id: z.string().max(100) }),
        response: {
          200: okSchema,
          404: errorResponse("No subscription of the caller's has this id (`code` NOT_FOUND)"),
        },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { id } = request.params;
      const deleted = isUuid(id) && (await deleteOwnSubscription(app.db, request.userId, id));
      if (!deleted) {
        throw new HttpError(404, "NOT_FOUND", NOTIFICATION_MESSAGES.subscriptionNotFound);
      }
      return { status: 1 as const, message: "Unsubscribed" };
    },
  );
}
