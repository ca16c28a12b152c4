import {
  AGE_MESSAGES,
  ageBandOf,
  isLocale,
  isUuid,
  type Locale,
  ROLES,
  type Role,
} from "@kindred/shared";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError } from "../../plugins/errors.ts";
import * as repository from "./repository.ts";
import { toMe, type UserRow } from "./user-view.ts";

export type { ModerationState, NewUser, UserChanges } from "./repository.ts";

// What other modules ask of the users table (owned here): lookups, writes and roles. Writes take
// the caller's transaction, so a sign-up or an edit commits with what goes with it.

/** Ids come from URLs: anything that is not a UUID cannot name a user (and would upset SQL). */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return isUuid(id) ? repository.findUserById(db, id) : undefined;
}

/** The language a person's mails, pushes and notifications are written in: their choice, or English. */
export function localeOfUser(user: { locale: string | null }): Locale {
  return isLocale(user.locale) ? user.locale : "en";
}

/** A person's language and time zone (English and no zone for an unknown id). */
export async function findUserLanguage(
  db: Database,
  id: string,
): Promise<{ locale: Locale; timeZone: string | null }> {
  const row = isUuid(id) ? await repository.findUserLanguage(db, id) : undefined;
  return { locale: row ? localeOfUser(row) : "en", timeZone: row?.timeZone ?? null };
}

export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return repository.findUserByEmail(db, email);
}

/** Whether any account exists (the demo data fills only an empty database). */
export function anyUser(db: Database): Promise<boolean> {
  return repository.anyUser(db);
}

/** People with an account that is not banned (the landing and about statistics). */
export function countPeople(db: Database): Promise<number> {
  return repository.countUnbannedAccounts(db);
}

/** Inserts many accounts at once, in the caller's transaction (the demo data). */
export function insertUsers(tx: Database, values: repository.NewUser[]): Promise<UserRow[]> {
  return repository.insertUsers(tx, values);
}

export function insertUser(tx: Database, values: repository.NewUser): Promise<UserRow> {
  return repository.insertUser(tx, values);
}

/** Sets the given columns (and updated_at); undefined when there is no such user. */
export function updateUser(
  db: Database,
  userId: string,
  changes: repository.UserChanges,
  now: Date,
): Promise<UserRow | undefined> {
  return repository.updateUser(db, userId, changes, now);
}

/** Sets the user's photo (an upload replaces a pasted address, so photoUrl is cleared too). */
export function setUserPhoto(
  tx: Database,
  userId: string,
  photoKey: string | null,
  now: Date,
): Promise<UserRow | undefined> {
  return repository.updateUser(tx, userId, { photoKey, photoUrl: null }, now);
}

export function setPasswordHash(
  tx: Database,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<UserRow | undefined> {
  return repository.updateUser(tx, userId, { passwordHash }, now);
}

/** Locks the user's row for the transaction; its current photo key, or undefined for no such user. */
export function lockUserPhoto(
  tx: Database,
  userId: string,
): Promise<{ photoKey: string | null } | undefined> {
  return repository.lockUserPhoto(tx, userId);
}

/**
 * Deletes the account's row (last, once every module has let go of the person); the photo it
 * held, or undefined when there was no such account.
 */
/** Whether the account exists, held so that its deletion waits for this transaction. */
export function holdUser(tx: Database, userId: string): Promise<boolean> {
  return repository.holdUser(tx, userId);
}

export function deleteUserRow(
  tx: Database,
  userId: string,
): Promise<{ photoKey: string | null } | undefined> {
  return repository.deleteUserRow(tx, userId);
}

/** The user a shareable public id names (public profiles). */
export function findUserByPublicId(db: Database, publicId: string): Promise<UserRow | undefined> {
  return repository.findUserByPublicId(db, publicId);
}

// ---------- age bands: 13-17 and 18+ never meet ----------

/** An age moved across 18: from the age before (null when it had been cleared) to the new one. */
export type AgeCrossing = { from: number | null; to: number };

/**
 * The columns an age change sets, decided on the user's locked row in the caller's transaction:
 * the band of the last age set is kept when the age is cleared, so clearing it and setting one
 * of the other band is a crossing too. The first age ever set is not a crossing; a crossing is
 * allowed once (counted), a second answers 400 AGE_CHANGE_LIMIT with a field error on `age`.
 * Undefined when there is no such user.
 */
export async function planAgeChange(
  tx: Database,
  userId: string,
  age: number | null,
): Promise<{ changes: repository.UserChanges; crossing: AgeCrossing | null } | undefined> {
  const state = await repository.lockAgeState(tx, userId);
  if (!state) return undefined;
  const band = ageBandOf(age);
  if (age === null || band === null) return { changes: { age: null }, crossing: null };
  if (state.lastAgeBand === null || state.lastAgeBand === band) {
    return { changes: { age, lastAgeBand: band }, crossing: null };
  }
  if (state.ageBandChanges >= 1) {
    throw new HttpError(400, "AGE_CHANGE_LIMIT", AGE_MESSAGES.secondCrossing, [
      { path: "age", message: AGE_MESSAGES.secondCrossing },
    ]);
  }
  return {
    changes: { age, lastAgeBand: band, ageBandChanges: state.ageBandChanges + 1 },
    crossing: { from: state.age, to: age },
  };
}

/**
 * The age rule between someone acting (a request, a message, an acceptance) and the person it
 * is for: 403 AGE_REQUIRED when the actor has no age, 403 AGE_BAND when the other has none or
 * is in the other band. Nothing to say when the other does not exist (the caller answers that).
 */
export async function assertSameAgeBand(
  db: Database,
  actorId: string,
  otherId: string,
): Promise<void> {
  if (!isUuid(otherId)) return;
  const other = otherId.toLowerCase();
  const rows = await repository.findAges(db, actorId === other ? [actorId] : [actorId, other]);
  const ageOf = (id: string) => rows.find((row) => row.id === id);
  const actor = ageOf(actorId);
  const them = ageOf(other);
  if (!actor || !them || actorId === other) return;
  const actorBand = ageBandOf(actor.age);
  if (actorBand === null) throw new HttpError(403, "AGE_REQUIRED", AGE_MESSAGES.ageRequired);
  if (ageBandOf(them.age) !== actorBand) {
    throw new HttpError(403, "AGE_BAND", AGE_MESSAGES.ageBand);
  }
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The account's role, read now (a revoked role stops working at once); null: no account. */
export async function roleOf(db: Database, userId: string): Promise<Role | null> {
  const role = await repository.findRole(db, userId);
  return role !== undefined && isRole(role) ? role : null;
}

/** True when `role` is `needed` or above it (an admin may do what a moderator may). */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

export type RoleChange = { userId: string; email: string; role: Role; previous: Role };

/** Gives the account with this email the role; null when there is no such account. */
export async function setRole(
  db: Database,
  email: string,
  role: Role,
  now: Date,
): Promise<RoleChange | null> {
  const changed = await repository.setRoleByEmail(db, email, role, now);
  if (!changed) return null;
  const previous = isRole(changed.previous) ? changed.previous : "member";
  return { userId: changed.id, email: email.toLowerCase(), role, previous };
}

/** ADMIN_EMAILS: those accounts are admins from sign-up or the next start. */
export function grantConfiguredAdmins(db: Database, emails: readonly string[]): Promise<number> {
  return repository.grantAdminByEmails(db, emails);
}

/**
 * The account itself: its profile, as its owner sees it plus what only the export shows. Its row
 * is deleted by the account module after every part has let go of the person (`deleteUserRow`),
 * so this part deletes nothing itself.
 */
export const usersPersonalData: PersonalDataPart = {
  module: "users",
  tables: ["users"],
  exportFor: async (db, { userId }) => {
    const user = await repository.findUserById(db, userId);
    if (!user) return {};
    return {
      profile: {
        ...toMe(user),
        publicId: user.publicId,
        // The address pasted before the photo was copied here, if any.
        pastedPhotoUrl: user.photoUrl,
        updatedAt: user.updatedAt.toISOString(),
      },
      settings: { readReceipts: user.readReceipts, timeZone: user.timeZone },
    };
  },
  deleteFor: async () => {},
};

/**
 * What moderation decided about the person: suspended until a time, banned, held for review
 * (each left as it is when not given). The moderation module calls it; the feed's memory, search,
 * matching, public profiles and community lists read these columns (users/fragments.ts). Undefined
 * when there is no such user.
 */
export function setModerationState(
  db: Database,
  userId: string,
  state: repository.ModerationState,
  now: Date = new Date(),
): Promise<UserRow | undefined> {
  return repository.updateModerationState(db, userId, state, now);
}

/**
 * Marks the address proven: the account's own (`email` unchanged) or a new one it changes to.
 * Throws the unique violation when another account took that address meanwhile.
 */
export function setVerifiedEmail(
  tx: Database,
  userId: string,
  email: string,
  now: Date,
): Promise<UserRow | undefined> {
  return repository.updateUser(tx, userId, { email, emailVerifiedAt: now }, now);
}

/** The time zones people have chosen, and UTC for those who have not. */
export function timeZonesInUse(db: Database): Promise<string[]> {
  return repository.selectTimeZonesInUse(db);
}

/**
 * Sets the university shown on the person's card (the campus module, once their university
 * address is proved; null when it is removed). A change is a change of the person for the feed.
 */
export function setUserCampus(
  tx: Database,
  userId: string,
  campus: string | null,
  now: Date,
): Promise<UserRow | undefined> {
  return repository.updateUser(tx, userId, { campus }, now);
}
