import { EMAIL_VERIFICATION_MESSAGES } from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../../plugins/errors.ts";
import {
  accountStandingOfRequest,
  guardWritesThatReachOthers,
} from "../../plugins/writes-that-reach-others.ts";
import type { UserRow } from "../users/user-view.ts";
import { sendVerification } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Mails a new account its code and link. A decorator, so that sign-in need not import this
     * module (which checks passwords through it).
     */
    mailEmailVerification(request: FastifyRequest, user: UserRow): Promise<void>;
  }
}

/** 403 EMAIL_UNVERIFIED until the account's address is proven; reading and the profile stay open. */
async function refuseUnverified(request: FastifyRequest): Promise<void> {
  const user = await accountStandingOfRequest(request);
  if (user && user.emailVerifiedAt === null) {
    throw new HttpError(403, "EMAIL_UNVERIFIED", EMAIL_VERIFICATION_MESSAGES.unverified);
  }
}

/** Guards the writes that reach others (plugins/writes-that-reach-others.ts) on verification. */
export const verificationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("mailEmailVerification", (request: FastifyRequest, user: UserRow) =>
      sendVerification(app, request, user, user.email),
    );
    guardWritesThatReachOthers(app, refuseUnverified);
  },
  { name: "verification" },
);
