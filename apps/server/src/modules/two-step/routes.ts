import {
  enableTwoStepBodySchema,
  envelope,
  loginTwoStepBodySchema,
  meSchema,
  okSchema,
  recoveryCodesSchema,
  TWO_STEP_MESSAGES,
  twoStepPasswordBodySchema,
  twoStepSetupSchema,
} from "@kindred/shared";
import { verify } from "@node-rs/argon2";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import { ownPasswordAttempts } from "../../plugins/rate-limit.ts";
import { createSession } from "../../plugins/session.ts";
import { claimDevice } from "../push/service.ts";
import { findUserById } from "../users/service.ts";
import { toMe } from "../users/user-view.ts";
import {
  beginSetup,
  checkSecondFactor,
  disableTwoStep,
  enableTwoStep,
  endStep,
  readStep,
  regenerateRecoveryCodes,
  stepAccountId,
} from "./service.ts";

export const WRONG_PASSWORD_MESSAGE = "That password is not right.";
const NOT_ON_MESSAGE = "Two-step codes are off.";

/** The signed-in person's two-step codes: set up, turn on, new recovery codes, turn off. */
export async function twoStepAccountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const passwordAttempts = ownPasswordAttempts(app, "two-step-password");

  async function ownUserWithPassword(userId: string, password: string) {
    const user = await findUserById(app.db, userId);
    // argon2 directly: the auth module imports this one for the login step.
    const right = user ? await verify(user.passwordHash, password).catch(() => false) : false;
    if (!user || !right) {
      throw new HttpError(401, "WRONG_PASSWORD", WRONG_PASSWORD_MESSAGE);
    }
    return user;
  }

  r.get(
    "/account/two-step/setup",
    {
      schema: {
        tags: ["account"],
        summary:
          "Start setting up two-step codes: a new secret as an otpauth address and a QR code",
        response: {
          200: envelope(twoStepSetupSchema),
          400: errorResponse("Two-step codes are on already (`code` TWO_STEP_ON)"),
        },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, request.userId);
      const setup = user ? await beginSetup(app.db, user) : null;
      if (!setup) throw new HttpError(400, "TWO_STEP_ON", TWO_STEP_MESSAGES.alreadyOn);
      return {
        status: 1 as const,
        message: "Scan the code with your authenticator app.",
        data: setup,
      };
    },
  );

  r.post(
    "/account/two-step",
    {
      schema: {
        tags: ["account"],
        summary: "Turn two-step codes on with a first code; answers the 10 recovery codes, once",
        body: enableTwoStepBodySchema,
        response: {
          200: envelope(recoveryCodesSchema),
          400: errorResponse(
            "A wrong code (`code` INVALID_CODE), no setup to confirm (`code` TWO_STEP_NOT_SET_UP), or validation failed",
          ),
        },
      },
    },
    async (request) => {
      const codes = await enableTwoStep(app, request.userId, request.body.code);
      if (codes === null) {
        throw new HttpError(400, "TWO_STEP_NOT_SET_UP", TWO_STEP_MESSAGES.notSetUp);
      }
      if (codes === false) {
        throw new HttpError(400, "INVALID_CODE", TWO_STEP_MESSAGES.wrongCode, [
          { path: "code", message: TWO_STEP_MESSAGES.wrongCode },
        ]);
      }
      return {
        status: 1 as const,
        message: "Two-step codes are on.",
        data: { recoveryCodes: codes },
      };
    },
  );

  r.delete(
    "/account/two-step",
    {
      schema: {
        tags: ["account"],
        summary: "Turn two-step codes off (asks for the password)",
        body: twoStepPasswordBodySchema,
        response: {
          200: okSchema,
          401: errorResponse("No session, or a wrong password (`code` WRONG_PASSWORD)"),
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: [passwordAttempts],
    },
    async (request) => {
      await ownUserWithPassword(request.userId, request.body.password);
      await disableTwoStep(app.db, request.userId);
      return { status: 1 as const, message: "Two-step codes are off." };
    },
  );

  r.post(
    "/account/two-step/recovery-codes",
    {
      schema: {
        tags: ["account"],
        summary: "10 new recovery codes (asks for the password); the old ones stop working",
        body: twoStepPasswordBodySchema,
        response: {
          200: envelope(recoveryCodesSchema),
          400: errorResponse("Two-step codes are off (`code` TWO_STEP_OFF)"),
          401: errorResponse("No session, or a wrong password (`code` WRONG_PASSWORD)"),
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: [passwordAttempts],
    },
    async (request) => {
      await ownUserWithPassword(request.userId, request.body.password);
      const codes = await regenerateRecoveryCodes(app.db, request.userId);
      if (!codes) throw new HttpError(400, "TWO_STEP_OFF", NOT_ON_MESSAGE);
      return {
        status: 1 as const,
        message: "New recovery codes. The old ones no longer work.",
        data: { recoveryCodes: codes },
      };
    },
  );
}

/** The second step of a password login: a code from the app or a recovery code. */
export async function twoStepLoginRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/login/two-step",
    {
      schema: {
        tags: ["accounts"],
        summary: "Finish a login with two-step codes on: a code or a recovery code",
        body: loginTwoStepBodySchema,
        response: {
          200: envelope(meSchema),
          400: errorResponse("Neither a code nor a recovery code (`code` VALIDATION_ERROR)"),
          401: errorResponse(
            "No step or an expired one (`code` TWO_STEP_EXPIRED), or a wrong code (`code` INVALID_TWO_STEP_CODE)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
    },
    async (request, reply) => {
      const accountId = stepAccountId(request);
      const user = accountId ? await findUserById(app.db, accountId) : undefined;
      const step = user ? readStep(request, user) : null;
      if (!user || !step) {
        endStep(reply);
        throw new HttpError(401, "TWO_STEP_EXPIRED", TWO_STEP_MESSAGES.stepExpired);
      }
      // Spaces and case as people type them; a code of the wrong shape is simply a wrong code.
      const code = request.body.code?.replace(/\s+/g, "");
      const recoveryCode = code
        ? undefined
        : request.body.recoveryCode?.replace(/\s+/g, "").toLowerCase();
      if (!code && !recoveryCode) {
        throw new HttpError(400, "VALIDATION_ERROR", TWO_STEP_MESSAGES.enterCode, [
          { path: "code", message: TWO_STEP_MESSAGES.enterCode },
        ]);
      }
      if (!(await checkSecondFactor(app, reply, user.id, { code, recoveryCode }))) {
        throw new HttpError(
          401,
          "INVALID_TWO_STEP_CODE",
          recoveryCode ? TWO_STEP_MESSAGES.wrongRecoveryCode : TWO_STEP_MESSAGES.wrongCode,
        );
      }
      if (user.bannedAt) throw await app.moderation.bannedLoginError(user, request.locale);
      endStep(reply);
      const device = step.playerId ? await claimDevice(app.db, user.id, step.playerId) : null;
      await createSession(reply, user.id, device);
      await app.noteSignIn(request, reply, user);
      const notice = await app.moderation.noticeFor(user);
      return {
        status: 1 as const,
        message: "Logged in successfully",
        data: toMe(user, notice, true),
      };
    },
  );
}
