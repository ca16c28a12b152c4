import type { FastifyInstance } from "fastify";
import { isLockConflict } from "../../db/errors.ts";
import { limitLockWaits } from "../../db/locks.ts";
import { deletionOrder } from "../../lib/personal-data.ts";
import { announceSessionEnd } from "../../plugins/session.ts";
import { refuseWeakPassword } from "../auth/password-strength.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { endAccountCommunityTokens } from "../members/service.ts";
import { announceUnread, peopleToldAbout, withNotifications } from "../notifications/service.ts";
import { releasePhotoIfUnused } from "../photos/service.ts";
import { requestCounterpartsOf } from "../requests/service.ts";
import { deleteOtherSessions } from "../sessions/service.ts";
import { deleteUserRow, findUserById, lockUserPhoto, setPasswordHash } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";

// The person's own account: the password, the export and the deletion. The account owns no
// table: every module owns its part of a person's data (app.personalData, personal-data.ts).

/** The user when the password is theirs; undefined otherwise (or when the user is gone). */
export async function checkOwnPassword(
  app: FastifyInstance,
  userId: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserById(app.db, userId);
  if (!user) return undefined;
  return (await verifyPassword(user.passwordHash, password)) ? user : undefined;
}

/**
 * Sets the new password and ends every other session of the account, with their chat sockets,
 * and every community token (the web client asks for a new one by itself); this session stays.
 */
export async function changePassword(
  app: FastifyInstance,
  user: UserRow,
  password: string,
  currentSessionHash: string,
): Promise<void> {
  await refuseWeakPassword(password, user);
  const passwordHash = await hashPassword(password);
  const ended = await app.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, app.now());
    const hashes = await deleteOtherSessions(tx, user.id, currentSessionHash);
    await endAccountCommunityTokens(tx, user.id);
    return hashes;
  });
  await Promise.all(ended.map((sessionIdHash) => announceSessionEnd(app, { sessionIdHash })));
}

/**
 * Everything stored about the user, in one document: each module's sections (other people by id
 * and name only), the community's gathered under `community`, the settings last.
 */
export async function exportAccount(
  app: FastifyInstance,
  userId: string,
  currentSessionHash: string,
  now: Date,
) {
  const user = await findUserById(app.db, userId);
  if (!user) return undefined;
  const context = { userId: user.id, currentSessionHash };
  const parts = await Promise.all(app.personalData.map((part) => part.exportFor(app.db, context)));
  const { communityMember, posts, groups, events, notificationSettings, ...sections } =
    Object.assign({}, ...parts) as Record<string, unknown>;
  return {
    exportedAt: now.toISOString(),
    ...sections,
    community: { member: communityMember, posts, groups, events },
    notificationSettings,
  };
}

/**
 * How long each try at a deletion waits for a row lock before starting again (then, no limit):
 * under PostgreSQL's deadlock_timeout (1 s), so in a deadlock the deletion gives way first.
 */
const DELETION_LOCK_WAITS_MS = [50, 100, 200, 400, 800];

/**
 * Deletes the account in one transaction: every module lets go of the person (their
 * conversations stay with the other person as archives, their places in events go to those
 * waiting, who are told), then the account's row goes. Then it closes their sockets everywhere,
 * frees their photo and tells everyone who had them in a list: their open chats close the
 * conversation and their badges are counted again.
 *
 * The account's row is locked first, so a write by or about the person that has not reached it
 * yet waits for the deletion and then finds them gone (401 or 404, plugins/errors.ts). A write
 * that reached it first finishes first; should it need a row the deletion already holds, the
 * deletion gives way (a bounded lock wait) and starts again, rather than end in a deadlock.
 */
export async function deleteAccount(app: FastifyInstance, userId: string): Promise<void> {
  const { deleted, affected } = await deleteAccountRows(app, userId);
  if (!deleted) return;
  await announceSessionEnd(app, { userId });
  if (deleted.photoKey) {
    await releasePhotoIfUnused(app, deleted.photoKey).catch((error: unknown) =>
      app.log.warn({ err: error }, "the deleted account's photo was not freed"),
    );
  }
  await Promise.all(
    affected.connected.map((otherId) =>
      app.chatHub
        .publish([otherId], { type: "closed", userId })
        .catch((error: unknown) => app.log.warn({ err: error }, "chat close not announced")),
    ),
  );
  await announceUnread(app, affected.all);
}

async function deleteAccountRows(app: FastifyInstance, userId: string) {
  for (let attempt = 0; ; attempt++) {
    const lockWaitMs = DELETION_LOCK_WAITS_MS[attempt];
    try {
      return await withNotifications(app, async (tx) => {
        if (lockWaitMs !== undefined) await limitLockWaits(tx, lockWaitMs);
        const locked = await lockUserPhoto(tx, userId);
        if (!locked) return { deleted: undefined, affected: { connected: [], all: [] } };
        const [counterparts, told] = await Promise.all([
          requestCounterpartsOf(tx, userId),
          peopleToldAbout(tx, userId),
        ]);
        for (const part of deletionOrder(app.personalData)) await part.deleteFor(tx, userId);
        const row = await deleteUserRow(tx, userId);
        const all = new Set([...counterparts.all, ...told]);
        all.delete(userId);
        return { deleted: row, affected: { connected: counterparts.connected, all: [...all] } };
      });
    } catch (error) {
      if (lockWaitMs === undefined || !isLockConflict(error)) throw error;
      app.log.info({ attempt, lockWaitMs }, "an account's deletion gave way to a write; again");
    }
  }
}
