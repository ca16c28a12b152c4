import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import * as repository from "./repository.ts";

// What other modules ask of the sessions table (owned here). The cookie and the hooks that use
// these rows are in plugins/session.ts.

/** Deletes every session of the user (a password reset, a deleted account). */
export function deleteUserSessions(tx: Database, userId: string): Promise<void> {
  return repository.deleteUserSessions(tx, userId);
}

/** Deletes every session of the user but `keepHash` (a password change); the ended ones' hashes. */
export function deleteOtherSessions(
  tx: Database,
  userId: string,
  keepHash: string,
): Promise<string[]> {
  return repository.deleteOtherSessions(tx, userId, keepHash);
}

export const sessionsPersonalData: PersonalDataPart = {
  module: "sessions",
  tables: ["sessions"],
  exportFor: async (db, { userId, currentSessionHash }) => ({
    sessions: await repository.findSessionsForExport(db, userId, currentSessionHash),
  }),
  deleteFor: (tx, userId) => repository.deleteUserSessions(tx, userId),
};
