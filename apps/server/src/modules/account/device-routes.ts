import { DEVICE_MESSAGES, deviceSchema, envelope, okSchema } from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { errorResponse } from "../../plugins/openapi.ts";
import { destroySession, hashSessionId, SESSION_COOKIE } from "../../plugins/session.ts";
import { detachSessionDevice } from "../push/service.ts";
import { endDevice, endOtherDevices, isSessionId, listDevices } from "../sessions/service.ts";

/** authenticate has run, so the cookie names a live session. */
function sessionHashOf(request: FastifyRequest): string {
  return hashSessionId(request.cookies[SESSION_COOKIE] ?? "");
}

/** Settings → Devices: the account's sessions, and signing one (or all others) out. */
export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/account/sessions",
    {
      schema: {
        tags: ["account"],
        summary: "The devices signed in to my account: this one first, then by latest use",
        response: { 200: envelope(z.array(deviceSchema)) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Devices",
      data: await listDevices(app, request.userId, sessionHashOf(request)),
    }),
  );

  r.delete(
    "/account/sessions/:id",
    {
      schema: {
        tags: ["account"],
        summary:
          "Sign a device out: its session ends with its chat socket and community token. This device's own id signs out, as logout does",
        params: z.object({ id: z.string() }),
        response: {
          200: okSchema,
          404: errorResponse("No session of mine has this id (`code` NOT_FOUND)"),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const currentHash = sessionHashOf(request);
      if (await isSessionId(app, id, currentHash)) {
        // This device: the same as logging out, cookie and push subscription included.
        await detachSessionDevice(app.db, currentHash).catch((error: unknown) =>
          request.log.error({ err: error }, "could not detach the session's push subscription"),
        );
        await destroySession(request, reply);
        return { status: 1 as const, message: DEVICE_MESSAGES.signedOut };
      }
      if (!(await endDevice(app, request.userId, id))) {
        throw new HttpError(404, "NOT_FOUND", DEVICE_MESSAGES.notFound);
      }
      return { status: 1 as const, message: DEVICE_MESSAGES.signedOut };
    },
  );

  r.delete(
    "/account/sessions",
    {
      schema: {
        tags: ["account"],
        summary: "Sign every other device out; this one stays signed in",
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await endOtherDevices(app, request.userId, sessionHashOf(request));
      return { status: 1 as const, message: DEVICE_MESSAGES.othersSignedOut };
    },
  );
}
