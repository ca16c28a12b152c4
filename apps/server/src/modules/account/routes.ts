import {
  ACCOUNT_MESSAGES,
  type AccountSettings,
  accountSettingsBodySchema,
  accountSettingsSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  envelope,
  exportFileName,
  isLocale,
  okSchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../plugins/errors.ts";
import { setStoredLocale } from "../../plugins/locale.ts";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import { ownPasswordAttempts } from "../../plugins/rate-limit.ts";
import {
  destroySession,
  hashSessionId,
  SESSION_COOKIE,
  UNAUTHENTICATED_MESSAGE,
} from "../../plugins/session.ts";
import { passwordChangedMail } from "../recovery/mails.ts";
import { findUserById, localeOfUser, updateUser } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import { changePassword, checkOwnPassword, deleteAccount, exportAccount } from "./service.ts";

/** authenticate has run, so the cookie names a live session. */
function sessionHashOf(request: FastifyRequest): string {
  return hashSessionId(request.cookies[SESSION_COOKIE] ?? "");
}

function settingsOf(user: UserRow): AccountSettings {
  return {
    readReceipts: user.readReceipts,
    timeZone: user.timeZone,
    locale: isLocale(user.locale) ? user.locale : null,
  };
}

/** The signed-in person's own account: change the password, download the data, delete it. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Each call checks a password: guessing one costs attempts, per account.
  const passwordAttempts = ownPasswordAttempts(app, "account-password");

  r.get(
    "/account/settings",
    {
      schema: {
        tags: ["account"],
        summary: "My settings: read receipts, time zone and language",
        response: { 200: envelope(accountSettingsSchema) },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.userId);
      if (!user) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      return {
        status: 1 as const,
        message: "Settings loaded",
        data: settingsOf(user),
      };
    },
  );

  r.put(
    "/account/settings",
    {
      schema: {
        tags: ["account"],
        summary:
          "Change my settings; with read receipts off, nobody sees 'Seen' from me and I see nobody's",
        body: accountSettingsBodySchema,
        response: { 200: envelope(accountSettingsSchema) },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.userId, request.body, app.now());
      if (!user) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      // A new language answers this very request in it.
      setStoredLocale(request, user.locale);
      return {
        status: 1 as const,
        message: "Settings saved",
        data: settingsOf(user),
      };
    },
  );

  r.put(
    "/account/password",
    {
      schema: {
        tags: ["account"],
        summary: "Change the password; every other session of the account ends",
        body: changePasswordBodySchema,
        response: {
          200: okSchema,
          401: errorResponse(
            "No session (`code` UNAUTHENTICATED) or a wrong current password (`code` WRONG_PASSWORD)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: [passwordAttempts],
    },
    async (request) => {
      const { currentPassword, password } = request.body;
      const user = await checkOwnPassword(app, request.userId, currentPassword);
      if (!user) {
        throw new HttpError(401, "WRONG_PASSWORD", ACCOUNT_MESSAGES.wrongCurrentPassword);
      }
      await changePassword(app, user, password, sessionHashOf(request));
      try {
        await app.sendMail(
          request,
          passwordChangedMail(
            user.email,
            user.firstName,
            app.config.publicOrigin,
            app.config.supportEmail,
            localeOfUser(user),
          ),
        );
      } catch {
        // Already logged with the request id; the password did change, so the answer says so.
      }
      return { status: 1 as const, message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  r.get(
    "/account/export",
    {
      schema: {
        tags: ["account"],
        summary: "Download everything stored about me, as a JSON attachment",
        response: {
          200: z
            .record(z.string(), z.unknown())
            .describe("Sections: profile, requests both ways, connections, messages, community, …"),
          401: ERROR_RESPONSES[401],
        },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const data = await exportAccount(app, request.userId, sessionHashOf(request), now);
      if (!data) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      return reply
        .header("content-disposition", `attachment; filename="${exportFileName(now)}"`)
        .header("cache-control", "no-store")
        .send(data);
    },
  );

  r.delete(
    "/account",
    {
      schema: {
        tags: ["account"],
        summary: "Delete my account and everything stored about me; every session ends",
        body: deleteAccountBodySchema,
        response: {
          200: okSchema,
          401: errorResponse(
            "No session (`code` UNAUTHENTICATED) or a wrong password (`code` WRONG_PASSWORD)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: [passwordAttempts],
    },
    async (request, reply) => {
      const user = await checkOwnPassword(app, request.userId, request.body.password);
      if (!user) throw new HttpError(401, "WRONG_PASSWORD", ACCOUNT_MESSAGES.wrongPassword);
      await deleteAccount(app, user.id);
      await destroySession(request, reply);
      return { status: 1 as const, message: ACCOUNT_MESSAGES.deleted };
    },
  );
}
