import {
  CAMPUS_MESSAGES,
  campusEmailBodySchema,
  campusEmailSchema,
  campusVerifyBodySchema,
  envelope,
  meSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DEFAULT_VERIFICATION_LIMITS } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { UNAUTHENTICATED_MESSAGE } from "../../plugins/session.ts";
import { isTwoStepOn } from "../two-step/service.ts";
import { toMe, type UserRow } from "../users/user-view.ts";
import {
  campusEmailOf,
  removeCampusEmail,
  sendCampusCode,
  universityOfEmail,
  type VerifyCampusOutcome,
  verifyCampusCode,
} from "./service.ts";

/** The session's account is gone (deleted meanwhile): treated as signed out. */
function noUser(): never {
  throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
}

/** A 400 with the sentence under the field too, so a form can show it there. */
function fieldError(status: number, code: string, path: string, message: string): HttpError {
  return new HttpError(status, code, message, [{ path, message }]);
}

/** Every outcome but success, as the contract's error answer. */
function refusal(outcome: Exclude<VerifyCampusOutcome, { kind: "verified" }>): HttpError {
  switch (outcome.kind) {
    case "wrong":
      return fieldError(400, "INVALID_CODE", "code", CAMPUS_MESSAGES.wrongCode(outcome.triesLeft));
    case "used-up":
      return fieldError(400, "CODE_USED_UP", "code", CAMPUS_MESSAGES.usedUp);
    case "expired":
      return fieldError(400, "CODE_EXPIRED", "code", CAMPUS_MESSAGES.expired);
    case "nothing-pending":
      return new HttpError(409, "NO_CAMPUS_EMAIL_PENDING", CAMPUS_MESSAGES.nothingPending);
    case "already-verified":
      return new HttpError(409, "CAMPUS_ALREADY_VERIFIED", CAMPUS_MESSAGES.alreadyVerified);
    case "taken":
      return new HttpError(409, "CAMPUS_EMAIL_TAKEN", CAMPUS_MESSAGES.taken);
  }
}

/**
 * The university address behind the campus badge: ask for a code, verify it, remove it, read it.
 * The address is answered to its owner only; others see the university on the card.
 */
export async function campusRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.verificationLimits ?? DEFAULT_VERIFICATION_LIMITS;
  // Codes mailed per account: only an address that is academic counts, so a typo costs nothing.
  const mailCodeLimit = limitRequests(app, [
    {
      name: "campus-code-mail",
      rule: limits.mailCodePerAccount,
      key: (request) => request.userId || null,
      message: CAMPUS_MESSAGES.tooManyCodes,
    },
  ]);

  const me = async (user: UserRow) =>
    toMe(user, await app.moderation.noticeFor(user), await isTwoStepOn(app.db, user.id));

  r.get(
    "/account/campus",
    {
      schema: {
        tags: ["account"],
        summary:
          "The signed-in person's university address, pending or verified, or null (answered to its owner only)",
        response: { 200: envelope(campusEmailSchema.nullable()) },
      },
    },
    async (request) => {
      const campus = await campusEmailOf(app, request.userId);
      return {
        status: 1 as const,
        message: campus ? CAMPUS_MESSAGES.found : CAMPUS_MESSAGES.none,
        data: campus,
      };
    },
  );

  r.post(
    "/account/campus",
    {
      schema: {
        tags: ["account"],
        summary:
          "Mail a 6-digit code to a university address (replacing a pending one); its university shows on the card once verified",
        body: campusEmailBodySchema,
        response: {
          200: envelope(campusEmailSchema),
          400: errorResponse(
            "Not an email (`code` VALIDATION_ERROR); not on an academic domain (`code` NOT_ACADEMIC_EMAIL), or on one that names no university we know (`code` UNKNOWN_UNIVERSITY), with the sentence under `email`",
          ),
          409: errorResponse(
            "Another account verified this address (`code` CAMPUS_EMAIL_TAKEN), or this account has a verified one: remove it first (`code` CAMPUS_ALREADY_VERIFIED)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const lookup = await universityOfEmail(email);
      // Not VALIDATION_ERROR, which says the document's schema refused the body (the fuzzer
      // holds the server to that); like DISPOSABLE_EMAIL, a rule of its own with its field.
      if (lookup.kind === "unknown") {
        throw fieldError(400, "UNKNOWN_UNIVERSITY", "email", CAMPUS_MESSAGES.unknownUniversity);
      }
      if (lookup.kind === "not-academic") {
        throw fieldError(400, "NOT_ACADEMIC_EMAIL", "email", CAMPUS_MESSAGES.notAcademic);
      }
      await mailCodeLimit(request, reply);
      const outcome = await sendCampusCode(app, request, request.userId, email, lookup.name);
      if (outcome.kind === "no-user") noUser();
      if (outcome.kind === "taken") {
        throw new HttpError(409, "CAMPUS_EMAIL_TAKEN", CAMPUS_MESSAGES.taken);
      }
      if (outcome.kind === "already-verified") {
        throw new HttpError(409, "CAMPUS_ALREADY_VERIFIED", CAMPUS_MESSAGES.alreadyVerified);
      }
      return { status: 1 as const, message: CAMPUS_MESSAGES.codeSent, data: outcome.campus };
    },
  );

  r.post(
    "/account/campus/verify",
    {
      schema: {
        tags: ["account"],
        summary:
          "Verify the university address with the mailed code: its university goes on the card",
        body: campusVerifyBodySchema,
        response: {
          200: envelope(meSchema),
          400: errorResponse(
            "A wrong code (`code` INVALID_CODE, the tries left in the sentence), one tried 5 times (`code` CODE_USED_UP) or expired (`code` CODE_EXPIRED): ask for a new one; or validation failed",
          ),
          409: errorResponse(
            "No address waits for a code (`code` NO_CAMPUS_EMAIL_PENDING), it is verified already (`code` CAMPUS_ALREADY_VERIFIED), or another account verified it first (`code` CAMPUS_EMAIL_TAKEN)",
          ),
          429: ERROR_RESPONSES[429],
        },
      },
      preValidation: limitRequests(app, [
        { name: "verify-campus-ip", rule: limits.verifyEmailPerIp },
      ]),
    },
    async (request) => {
      const outcome = await verifyCampusCode(app, request.userId, request.body.code);
      if (outcome.kind !== "verified") throw refusal(outcome);
      return {
        status: 1 as const,
        message: CAMPUS_MESSAGES.verified,
        data: await me(outcome.user),
      };
    },
  );

  r.delete(
    "/account/campus",
    {
      schema: {
        tags: ["account"],
        summary:
          "Remove the university address, pending or verified, and the university from the card",
        response: { 200: envelope(meSchema) },
      },
    },
    async (request) => {
      const user = (await removeCampusEmail(app, request.userId)) ?? noUser();
      return { status: 1 as const, message: CAMPUS_MESSAGES.removed, data: await me(user) };
    },
  );
}
