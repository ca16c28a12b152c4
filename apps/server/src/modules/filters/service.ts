import { type ContentVisibility, FILTER_MESSAGES } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { checkTexts, type FilterMatch, hasSlur } from "../../lib/content-filter.ts";
import type { FlaggedSubject } from "../../lib/moderated-content.ts";
import { isNewAccount } from "../../lib/new-accounts.ts";
import { HttpError } from "../../plugins/errors.ts";
import { findStanding } from "./repository.ts";

// What the automatic filter decides for a text (docs/moderation-filters.md). The check itself is lib/content-filter.ts; this module adds who
// wrote it: a match from an account younger than NEW_ACCOUNT_DAYS, or from someone with no
// connection, is held (only its author sees it) until a moderator decides; from anyone else it
// is delivered. Either way a case opens (`app.moderation.flag`, in the content's transaction).

type App = Pick<FastifyInstance, "db" | "now">;

/** How far an author is trusted: an account's age and whether they have any connection. */
export type Standing = {
  /** Younger than NEW_ACCOUNT_DAYS, or no account at all (a community-only member). */
  newAccount: boolean;
  connected: boolean;
};

/** The author's standing now (app.now()). */
export async function accountStanding(app: App, userId: string): Promise<Standing> {
  const row = await findStanding(app.db, userId);
  if (row.createdAt === null) return { newAccount: true, connected: false };
  return { newAccount: isNewAccount(row.createdAt, app.now()), connected: row.connected };
}

/** What the filter saw in a text and whether it is held. */
export type Screening = { held: boolean; filter: FilterMatch };

/**
 * Checks the texts of one piece of content; null when nothing matched (then the author's
 * standing is not even read). `standing` may be given when the caller has it already.
 */
export async function screenContent(
  app: App,
  authorId: string,
  texts: readonly (string | null | undefined)[],
  standing?: Standing,
): Promise<Screening | null> {
  const filter = checkTexts(texts);
  if (!filter) return null;
  const { newAccount, connected } = standing ?? (await accountStanding(app, authorId));
  return { held: newAccount || !connected, filter };
}

/** The visibility new content is stored with. */
export function visibilityOf(screening: Screening | null): ContentVisibility {
  return screening?.held ? "held" : "visible";
}

/** Opens the content's case when the filter matched, in the content's transaction. */
export async function flagScreened(
  app: Pick<FastifyInstance, "moderation">,
  tx: Database,
  screening: Screening | null,
  subject: FlaggedSubject,
  authorId: string,
): Promise<void> {
  if (!screening) return;
  await app.moderation.flag(tx, {
    subject,
    userId: authorId,
    source: "filter",
    held: screening.held,
    filter: screening.filter,
  });
}

// ---------- names and about ----------

export type ProfileTexts = {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  about?: string | null | undefined;
};

/**
 * Refuses a slur in a name or about: 400 VALIDATION_ERROR with a field error on each such field
 * ("Please remove offensive words."), before anything is saved.
 */
export function refuseSlurs(fields: ProfileTexts): void {
  const errors = Object.entries(fields)
    .filter(([, text]) => hasSlur(text))
    .map(([path]) => ({ path, message: FILTER_MESSAGES.offensiveWords }));
  if (errors.length > 0) {
    throw new HttpError(400, "VALIDATION_ERROR", FILTER_MESSAGES.offensiveWords, errors);
  }
}

/**
 * What the filter saw in the names and about being saved, slurs aside (refused before): other
 * obscenity anywhere, links and phone numbers in a name. An about may share a homepage or a
 * number to reach its author, so links and phones there are not counted.
 */
export function screenProfile(fields: ProfileTexts): FilterMatch | null {
  const names = checkTexts([fields.firstName, fields.lastName]);
  const about = checkTexts([fields.about], { links: false, phones: false });
  if (!names && !about) return null;
  const rules = [...new Set([...(names?.rules ?? []), ...(about?.rules ?? [])])];
  const matches = [...new Set([...(names?.matches ?? []), ...(about?.matches ?? [])])];
  return { rules, matches };
}

/**
 * Opens a case on the person for what screenProfile saw (never held: a profile is not content
 * that waits; the moderator decides), in the save's transaction.
 */
export async function flagProfile(
  app: Pick<FastifyInstance, "moderation">,
  tx: Database,
  userId: string,
  filter: FilterMatch | null,
): Promise<void> {
  if (!filter) return;
  await app.moderation.flag(tx, {
    subject: { type: "user", _id: userId },
    userId,
    source: "filter",
    held: false,
    filter,
  });
}
