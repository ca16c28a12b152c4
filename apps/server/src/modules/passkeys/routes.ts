import {
  envelope,
  isUuid,
  meSchema,
  okSchema,
  PASSKEY_MESSAGES,
  passkeyLoginBodySchema,
  passkeyOptionsBodySchema,
  passkeyOptionsSchema,
  passkeyRegistrationBodySchema,
  passkeyRenameBodySchema,
  passkeySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import { limitRequests, ownPasswordAttempts } from "../../plugins/rate-limit.ts";
import { createSession } from "../../plugins/session.ts";
import { checkOwnPassword } from "../account/service.ts";
import { WRONG_PASSWORD_MESSAGE } from "../two-step/routes.ts";
import { isTwoStepOn } from "../two-step/service.ts";
import { findUserById } from "../users/service.ts";
import { toMe } from "../users/user-view.ts";
import {
  authenticate,
  listFor,
  loginOptions,
  register,
  registrationOptions,
  remove,
  rename,
  toPasskey,
} from "./service.ts";

const idParams = z.object({ id: z.string().max(100) });

/** A passkey id of this account, or 404 (another person's id or a malformed one alike). */
function passkeyId(id: string): string {
  if (!isUuid(id)) throw new HttpError(404, "NOT_FOUND", PASSKEY_MESSAGES.notFound);
  return id;
}

/** Settings → Sign-in: add a passkey (after the password), list, rename and remove them. */
export async function passkeyAccountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const passwordAttempts = ownPasswordAttempts(app, "passkey-password");

  r.post(
    "/passkeys/registration/options",
    {
      schema: {
        tags: ["account"],
        summary: "Start adding a passkey: the current password, then WebAuthn creation options",
        body: passkeyOptionsBodySchema,
        response: {
          200: envelope(passkeyOptionsSchema),
          400: errorResponse("Validation failed, or too many passkeys (`code` TOO_MANY_PASSKEYS)"),
          401: errorResponse("No session, or a wrong password (`code` WRONG_PASSWORD)"),
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: [passwordAttempts],
    },
    async (request) => {
      const user = await checkOwnPassword(app, request.userId, request.body.password);
      if (!user) throw new HttpError(401, "WRONG_PASSWORD", WRONG_PASSWORD_MESSAGE);
      return {
        status: 1 as const,
        message: "Follow your browser to create the passkey.",
        data: await registrationOptions(app, user),
      };
    },
  );

  r.post(
    "/passkeys/registration",
    {
      schema: {
        tags: ["account"],
        summary: "Keep the passkey the browser created (its attestation), with an optional name",
        body: passkeyRegistrationBodySchema,
        response: {
          201: envelope(passkeySchema.pick({ _id: true, name: true })),
          400: errorResponse(
            "The attestation does not check out (`code` PASSKEY_FAILED), or its challenge is used or expired (`code` PASSKEY_EXPIRED)",
          ),
          409: errorResponse("This passkey is already on an account (`code` PASSKEY_EXISTS)"),
        },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.userId);
      if (!user) throw new HttpError(401, "UNAUTHENTICATED", "Please log in again.");
      const row = await register(app, user, request.body, request.headers["user-agent"]);
      const { _id, name } = toPasskey(row);
      return reply
        .code(201)
        .send({ status: 1 as const, message: PASSKEY_MESSAGES.added, data: { _id, name } });
    },
  );

  r.get(
    "/passkeys",
    {
      schema: {
        tags: ["account"],
        summary: "My passkeys, oldest first",
        response: { 200: envelope(z.array(passkeySchema)) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Passkeys",
      data: await listFor(app.db, request.userId),
    }),
  );

  r.patch(
    "/passkeys/:id",
    {
      schema: {
        tags: ["account"],
        summary: "Rename one of my passkeys",
        params: idParams,
        body: passkeyRenameBodySchema,
        response: {
          200: envelope(passkeySchema),
          404: errorResponse("No passkey of mine has this id (`code` NOT_FOUND)"),
        },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: PASSKEY_MESSAGES.renamed,
      data: await rename(app.db, request.userId, passkeyId(request.params.id), request.body.name),
    }),
  );

  r.delete(
    "/passkeys/:id",
    {
      schema: {
        tags: ["account"],
        summary: "Remove one of my passkeys: it signs in no more",
        params: idParams,
        response: {
          200: okSchema,
          404: errorResponse("No passkey of mine has this id (`code` NOT_FOUND)"),
        },
      },
    },
    async (request) => {
      await remove(app.db, request.userId, passkeyId(request.params.id));
      return { status: 1 as const, message: PASSKEY_MESSAGES.removed };
    },
  );
}

/** The login page's "Sign in with a passkey": options, then the browser's assertion. */
export async function passkeyLoginRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = limitRequests(app, [
    { name: "passkey-login", rule: app.config.rateLimits.loginPerIp },
  ]);

  r.post(
    "/passkeys/login/options",
    {
      schema: {
        tags: ["accounts"],
        summary: "Start a passkey sign-in: WebAuthn request options for any passkey of this site",
        response: { 200: envelope(passkeyOptionsSchema), 429: ERROR_RESPONSES[429] },
      },
      preHandler: [perIp],
    },
    async () => ({
      status: 1 as const,
      message: "Choose your passkey.",
      data: await loginOptions(app),
    }),
  );

  r.post(
    "/passkeys/login",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with a passkey (the browser's assertion): a session, and no second step",
        body: passkeyLoginBodySchema,
        response: {
          200: envelope(meSchema),
          400: errorResponse(
            "Validation failed (`code` PASSKEY_FAILED), or the challenge is used or expired (`code` PASSKEY_EXPIRED)",
          ),
          401: errorResponse(
            "A passkey no account has (`code` UNKNOWN_PASSKEY), or a signature that does not check out (`code` PASSKEY_FAILED)",
          ),
          403: errorResponse("The account is banned (`code` BANNED)"),
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: [perIp],
    },
    async (request, reply) => {
      const userId = await authenticate(app, request.body);
      const user = await findUserById(app.db, userId);
      if (!user) throw new HttpError(401, "UNKNOWN_PASSKEY", PASSKEY_MESSAGES.unknown);
      if (user.bannedAt) throw await app.moderation.bannedLoginError(user, request.locale);
      await createSession(reply, user.id, null);
      await app.noteSignIn(request, reply, user);
      const notice = await app.moderation.noticeFor(user);
      return {
        status: 1 as const,
        message: "Logged in successfully",
        data: toMe(user, notice, await isTwoStepOn(app.db, user.id)),
      };
    },
  );
}
