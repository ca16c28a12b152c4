import { isUuid, ROLES, type Role } from "@kindred/shared";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import * as repository from "./repository.ts";
import { toMe, type UserRow } from "./user-view.ts";

export type { NewUser, UserChanges } from "./repository.ts";

// What other modules ask of the users table (owned here): lookups, writes and roles. Writes take
// the caller's transaction, so a sign-up or an edit commits with what goes with it.

/** Ids come from URLs: anything that is not a UUID cannot name a user (and would upset SQL). */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  return isUuid(id) ? repository.findUserById(db, id) : undefined;
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
    };
  },
  deleteFor: async () => {},
};

/** Suspends, bans or hides the account, or lifts it (the moderation module decides). */
export function setModerationState(
  db: Database,
  userId: string,
  state: repository.ModerationState,
  now: Date,
): Promise<UserRow | undefined> {
  return repository.updateModerationState(db, userId, state, now);
}
