import type { ContentVisibility } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";

/** A post, reply, group, event or chat message as the moderation queue reads it. */
export type ContentForModeration = {
  /** The author as the content names them: a community member's id, or an account's (chat). */
  authorId: string;
  /** A post's or event's title, a group's name; null for a reply or a message. */
  title: string | null;
  text: string;
  visibility: ContentVisibility;
};

/**
 * What the moderation module may do with one kind of content, lent by the module that owns it:
 * read it whoever asks, tell whether a person may see it (a report of what one cannot see is a
 * 404), hide or show it, and remove it.
 */
export type ModeratedContent = {
  find(db: Database, id: string): Promise<ContentForModeration | undefined>;
  visibleTo(app: FastifyInstance, viewerId: string, id: string): Promise<boolean>;
  setVisibility(db: Database, id: string, visibility: ContentVisibility): Promise<void>;
  /** Deletes it in the moderator's transaction (`db`); false when it was already gone. */
  remove(db: Database, id: string): Promise<boolean>;
};

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
