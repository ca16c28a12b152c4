import type { FastifyInstance } from "fastify";
import { announceSessionEnd } from "../../plugins/session.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { endAccountCommunityTokens } from "../members/service.ts";
import { announceUnread, getSettings } from "../notifications/service.ts";
import { releasePhotoIfUnused } from "../photos/service.ts";
import { findUserById } from "../users/service.ts";
import { toMe, type UserRow } from "../users/user-view.ts";
import {
  deleteUser,
  findExportRows,
  findPeopleAffected,
  setPasswordEndingOtherSessions,
} from "./repository.ts";

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
  const passwordHash = await hashPassword(password);
  const ended = await app.db.transaction(async (tx) => {
    const hashes = await setPasswordEndingOtherSessions(
      tx,
      user.id,
      passwordHash,
      currentSessionHash,
      app.now(),
    );
    await endAccountCommunityTokens(tx, user.id);
    return hashes;
  });
  await Promise.all(ended.map((sessionIdHash) => announceSessionEnd(app, { sessionIdHash })));
}

/** Everything stored about the user, in one document; other people appear by id and name only. */
export async function exportAccount(
  app: FastifyInstance,
  userId: string,
  currentSessionHash: string,
  now: Date,
) {
  const user = await findUserById(app.db, userId);
  if (!user) return undefined;
  const [rows, notificationSettings] = await Promise.all([
    findExportRows(app.db, user.id, currentSessionHash),
    getSettings(app.db, user.id),
  ]);
  const { communityMember, posts, groups, events, ...rest } = rows;
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...toMe(user),
      publicId: user.publicId,
      // The address pasted before the photo was copied here, if any.
      pastedPhotoUrl: user.photoUrl,
      updatedAt: user.updatedAt.toISOString(),
    },
    ...rest,
    community: { member: communityMember, posts, groups, events },
    notificationSettings,
  };
}

/**
 * Deletes the account in one transaction (see deleteUser for what goes with it), then closes
 * its sockets everywhere, frees its photo and tells everyone who had it in a list: their open
 * chats close the conversation and their badges are counted again.
 */
export async function deleteAccount(app: FastifyInstance, userId: string): Promise<void> {
  const { deleted, photoKey, affected } = await app.db.transaction(async (tx) => {
    const people = await findPeopleAffected(tx, userId);
    const result = await deleteUser(tx, userId);
    return { ...result, affected: people };
  });
  if (!deleted) return;
  await announceSessionEnd(app, { userId });
  if (photoKey) {
    await releasePhotoIfUnused(app, photoKey).catch((error: unknown) =>
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
