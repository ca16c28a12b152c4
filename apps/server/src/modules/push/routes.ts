import {
  envelope,
  NOTIFICATION_MESSAGES,
  okSchema,
  pathIdSchema,
  pushKeySchema,
  pushSubscriptionBodySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { unknownIdError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { hashSessionId, SESSION_COOKIE } from "../../plugins/session.ts";
import { subscribeDevice, unsubscribeDevice } from "./service.ts";

/** The VAPID key browsers subscribe with: anyone may read it. */
export async function pushKeyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/push/key",
    {
      schema: {
        tags: ["notifications"],
        summary: "The VAPID public key (base64url) a browser subscribes with",
        response: { 200: envelope(pushKeySchema) },
      },
    },
    async () => ({ status: 1 as const, message: "OK", data: { publicKey: app.pushPublicKey } }),
  );
}

const SUBSCRIPTION_NOT_FOUND = {
  code: "NOT_FOUND",
  message: NOTIFICATION_MESSAGES.subscriptionNotFound,
};

/** The subscriptions of the caller's devices. */
export async function pushSubscriptionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
            "Not a browser's subscription: keys that are not a P-256 point and a 16-byte secret (`code` BAD_KEYS, `errors` by field), or an endpoint that is not https on a public address (`code` BAD_ENDPOINT)",
          ),
        },
      },
    },
    async (request, reply) => {
      const id = await subscribeDevice(app, {
        userId: request.userId,
        sessionIdHash: hashSessionId(request.cookies[SESSION_COOKIE] ?? ""),
        endpoint: request.body.endpoint,
        keys: request.body.keys,
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
        params: z.object({ id: pathIdSchema }),
        response: {
          200: okSchema,
          404: errorResponse("No subscription of the caller's has this id (`code` NOT_FOUND)"),
        },
      },
      config: { unknownId: SUBSCRIPTION_NOT_FOUND },
    },
    async (request) => {
      const deleted = await unsubscribeDevice(app.db, request.userId, request.params.id);
      if (!deleted) {
        throw unknownIdError(SUBSCRIPTION_NOT_FOUND);
      }
      return { status: 1 as const, message: "Unsubscribed" };
    },
  );
}
