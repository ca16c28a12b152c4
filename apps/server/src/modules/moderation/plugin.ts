import { type Locale, MODERATION_MESSAGES } from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import { formatDateTime } from "../../i18n/dates.ts";
import { t } from "../../i18n/messages.ts";
import type { AutomaticFlag } from "../../lib/moderated-content.ts";
import { HttpError } from "../../plugins/errors.ts";
import {
  accountStandingOfRequest,
  guardWritesThatReachOthers,
} from "../../plugins/writes-that-reach-others.ts";
import { findUserById } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import { bannedLoginError, flag, isEmailRefused, noticeFor } from "./service.ts";

/**
 * The moderation queue as other modules reach it: they flag, it decides. Through a decorator so
 * that content modules (chat, posts, users) and sign-in need not import the moderation module,
 * which reads their content for its snapshots.
 */
export type ModerationDesk = {
  /** Opens (or joins) the subject's case, in the caller's transaction. */
  flag(tx: Database, flag: AutomaticFlag): Promise<void>;
  /** Whether a sign-up with this address is refused (a banned account's keyed hash). */
  emailRefused(email: string): Promise<boolean>;
  /** The 403 BANNED a banned account's login answers, with the notice. */
  /** The 403 a banned person's sign-in answers, in the request's language. */
  bannedLoginError(user: UserRow, locale: Locale): Promise<HttpError>;
  /** Me.moderation. */
  noticeFor(user: UserRow): ReturnType<typeof noticeFor>;
};

declare module "fastify" {
  interface FastifyInstance {
    moderation: ModerationDesk;
  }
}

/** 403 SUSPENDED while the account's suspension lasts; the message is the notice. */
async function refuseSuspended(request: FastifyRequest): Promise<void> {
  const app = request.server;
  const standing = await accountStandingOfRequest(request);
  if (!standing) return;
  const until = standing.suspendedUntil;
  if (standing.bannedAt || (until && until.getTime() > app.now().getTime())) {
    // The notice reads the whole account, only for an account that is refused.
    const user = await findUserById(app.db, standing.id);
    const notice = user ? await noticeFor(app, user) : undefined;
    // Put together in the person's language here: the parts are translated one by one.
    const locale = request.locale;
    const endsAt =
      until &&
      (locale === "en" ? until.toUTCString() : formatDateTime(until, locale, user?.timeZone));
    const end = endsAt ? ` ${t(locale, "It ends {date}.", { date: endsAt })}` : "";
    const reason = notice?.reason
      ? ` ${t(locale, "The reason: {reason}", { reason: notice.reason })}`
      : "";
    throw new HttpError(
      403,
      "SUSPENDED",
      `${t(locale, MODERATION_MESSAGES.suspended)}${end}${reason}`,
    );
  }
}

export const moderationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("moderation", {
      flag: (tx, input) => flag(app, tx, input),
      emailRefused: (email) => isEmailRefused(app, email),
      bannedLoginError: (user, locale) => bannedLoginError(app, user, locale),
      noticeFor: (user) => noticeFor(app, user),
    } satisfies ModerationDesk);
    guardWritesThatReachOthers(app, refuseSuspended);
  },
  { name: "moderation" },
);
