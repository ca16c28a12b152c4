import type { Device } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { announceSessionEnd } from "../../plugins/session.ts";
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

/** The account's live sessions for Settings → Devices: this one first, then by latest use. */
export async function listDevices(
  app: FastifyInstance,
  userId: string,
  currentSessionHash: string,
): Promise<Device[]> {
  const rows = await repository.findDevices(app.db, userId, currentSessionHash, app.now());
  return rows.map(({ id, ...row }) => ({ _id: id, ...row }));
}

/**
 * Ends the account's session with this public id with its chat sockets and community token (the
 * token checks its session on every call); false when the account has no such session.
 */
export async function endDevice(
  app: FastifyInstance,
  userId: string,
  id: string,
): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const sessionIdHash = await repository.deleteSessionById(app.db, userId, id);
  if (!sessionIdHash) return false;
  await announceSessionEnd(app, { sessionIdHash });
  return true;
}

/** Ends every session of the account but this one, as a password change does; how many ended. */
export async function endOtherDevices(
  app: FastifyInstance,
  userId: string,
  currentSessionHash: string,
): Promise<number> {
  const ended = await repository.deleteOtherSessions(app.db, userId, currentSessionHash);
  await Promise.all(ended.map((sessionIdHash) => announceSessionEnd(app, { sessionIdHash })));
  return ended.length;
}

/** Whether this public id names the session with this hash. */
export async function isSessionId(
  app: FastifyInstance,
  id: string,
  sessionIdHash: string,
): Promise<boolean> {
  return UUID.test(id) && (await repository.sessionIdOf(app.db, sessionIdHash)) === id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
