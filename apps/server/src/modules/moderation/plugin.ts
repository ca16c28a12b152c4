import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";

/** What another module can have moderated: the subject types of a report. */
export type FlaggedSubject = {
  type: "user" | "message" | "post" | "reply" | "group" | "event";
  _id: string;
};

/**
 * A case the product opens by itself: the automatic filter matched a text, or an age moved across
 * the 13-17 / 18+ boundary. `userId` is the person concerned (the author, the profile's owner).
 */
export type AutomaticFlag = {
  subject: FlaggedSubject;
  userId: string;
  source: "filter" | "age_change";
  /** The content was held (visible only to its author) until a moderator decides. */
  held: boolean;
  /** What the filter saw: the rules that matched and the words or links they matched. */
  filter?: { rules: string[]; matches: string[] };
  /** A sentence for the moderator, e.g. "Age changed from 16 to 19". */
  note?: string;
};

/**
 * The moderation queue as other modules reach it: they flag, it decides. Through a decorator so
 * that content modules (chat, posts, users) need not import the moderation module, which reads
 * their content for its snapshots.
 */
export type ModerationDesk = {
  /** Opens (or joins) the subject's case, in the caller's transaction. */
  flag(tx: Database, flag: AutomaticFlag): Promise<void>;
};

declare module "fastify" {
  interface FastifyInstance {
    moderation: ModerationDesk;
  }
}

export const moderationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("moderation", {
      flag: async (_tx, flag) => {
        app.log.info({ flag }, "moderation flag");
      },
    } satisfies ModerationDesk);
  },
  { name: "moderation" },
);
