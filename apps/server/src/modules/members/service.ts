import { COMMUNITY_MESSAGES, type CommunityMember, passwordSchema } from "@kindred/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError } from "../../plugins/errors.ts";
import { tooManyAttemptsMessage } from "../../plugins/rate-limit.ts";
import { hashSessionId, SESSION_COOKIE } from "../../plugins/session.ts";
import { beginLoginAttempt } from "../auth/login-throttle.ts";
import { getDummyHash, hashPassword, verifyPassword } from "../auth/passwords.ts";
import { findUserByEmail, findUserById } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import * as repository from "./repository.ts";
import { communityTokensFor, type TokenGrant } from "./token.ts";

// Who is in the community and what their tokens are worth: the token call, the grant every call
// checks, and ending tokens (what account and recovery call).

/** How an account is named in the community: its full name. */
export function accountMemberName(user: Pick<UserRow, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * Ends every community token issued so far to the account's member (its password changed, say):
 * what other modules call. `db` may be a transaction.
 */
export function endAccountCommunityTokens(
  db: Pick<Database, "update">,
  userId: string,
): Promise<void> {
  return repository.revokeCommunityTokens(db, { userId });
}

/** "Leave community": every token of the member stops working, on every device. */
export function revokeCommunityTokens(app: Pick<FastifyInstance, "db">, memberId: string) {
  return repository.revokeCommunityTokens(app.db, { memberId });
}

/** Whether a token's grant still holds now (its member, its version, its session). */
export function tokenGrantHolds(
  app: Pick<FastifyInstance, "db" | "now">,
  grant: { memberId: string; version: number; sessionHash: string | null },
): Promise<boolean> {
  return repository.tokenGrantHolds(app.db, grant, app.now());
}

/** The account behind a member, or null for a member known only by a community username. */
export function accountOfMember(db: Database, memberId: string): Promise<string | null> {
  return repository.accountOfMember(db, memberId);
}

// ---------- the token call ----------

export type CommunityTokenAnswer = {
  status: 1;
  message: string;
  token: string;
  data: CommunityMember;
};

function tooManyAttempts(reply: FastifyReply, resetInMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "RATE_LIMITED", tooManyAttemptsMessage(seconds));
}

function invalidCredentials(): HttpError {
  return new HttpError(401, "INVALID_CREDENTIALS", COMMUNITY_MESSAGES.invalidCredentials);
}

async function answer(
  app: FastifyInstance,
  member: CommunityMember,
  grant: TokenGrant,
  message: string,
): Promise<CommunityTokenAnswer> {
  const token = await communityTokensFor(app.config).issue(member, grant);
  return { status: 1 as const, message, token, data: member };
}

/** The member named by `uname` and `password`, created on first use of a free username. */
async function memberFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  uname: string,
  password: string,
): Promise<{ member: CommunityMember; version: number; created: boolean }> {
  if (uname.includes("@")) {
    const user = await findUserByEmail(app.db, uname);
    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyPassword(await getDummyHash(), password).then(() => false);
    if (!user || !valid) throw invalidCredentials();
    const version = await repository.ensureAccountMember(app.db, user.id);
    return { member: { id: user.id, uname: accountMemberName(user) }, version, created: false };
  }
  const existing = await repository.findUsernameMember(app.db, uname);
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, password))) throw invalidCredentials();
    return {
      member: { id: existing.id, uname: existing.username },
      version: existing.tokenVersion,
      created: false,
    };
  }
  // A new member's password follows the account rules; any password may try an existing one.
  const rules = passwordSchema.safeParse(password);
  if (!rules.success) {
    const message = rules.error.issues[0]?.message ?? "Choose a longer password";
    throw new HttpError(400, "WEAK_PASSWORD", message, [{ path: "password", message }]);
  }
  // New members per IP, like sign-ups.
  const limit = app.config.rateLimits.signupPerIp;
  const joinKey = `community-join-ip:${request.ip}`;
  const joins = await app.attempts.hit(joinKey, limit);
  if (joins.count > limit.max) throw tooManyAttempts(reply, joins.resetInMs);
  const created = await repository.createUsernameMember(
    app.db,
    uname,
    await hashPassword(password),
  );
  if (!created) {
    await app.attempts.refund(joinKey);
    // Someone took the name a moment ago: it is now a login to that member.
    const taken = await repository.findUsernameMember(app.db, uname);
    if (!taken || !(await verifyPassword(taken.passwordHash, password))) {
      throw invalidCredentials();
    }
    return {
      member: { id: taken.id, uname: taken.username },
      version: taken.tokenVersion,
      created: false,
    };
  }
  return {
    member: { id: created.id, uname: created.username },
    version: created.tokenVersion,
    created: true,
  };
}

/**
 * The token of the signed-in account (401 without a session). It ends with the session that
 * asked for it: it carries the session's stored hash, never the session id itself.
 */
export async function tokenForSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CommunityTokenAnswer> {
  await app.authenticate(request, reply);
  const user = await findUserById(app.db, request.userId);
  if (!user) throw new HttpError(401, "UNAUTHENTICATED", COMMUNITY_MESSAGES.invalidToken);
  const version = await repository.ensureAccountMember(app.db, user.id);
  // authenticate has just found the session by this hash.
  const sessionHash = hashSessionId(request.cookies[SESSION_COOKIE] ?? "");
  return answer(
    app,
    { id: user.id, uname: accountMemberName(user) },
    { version, sessionHash },
    "Welcome to the community",
  );
}

/**
 * The token for an account's email or a community username and its password; a free username's
 * first use creates the member. Throttled as POST /api/login is, with the same counts: an
 * account's email here shares its budget with the app's log-in, and a device that logged in to it
 * before is told apart.
 */
export async function tokenForPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { uname: string; password: string },
): Promise<CommunityTokenAnswer> {
  const { uname, password } = credentials;
  const account = uname.includes("@") ? await findUserByEmail(app.db, uname) : undefined;
  const attempt = await beginLoginAttempt(app, request, reply, uname, account);
  try {
    const { member, version, created } = await memberFor(app, request, reply, uname, password);
    await attempt.succeeded(reply);
    // A password's token is not tied to a session: logging out of the app leaves it alone.
    return answer(
      app,
      member,
      { version, sessionHash: null },
      created ? "Welcome to the community" : "Welcome back",
    );
  } catch (error) {
    const failed = error instanceof HttpError && error.statusCode === 401;
    if (!failed) await attempt.abandoned();
    throw error;
  }
}

// ---------- the private calendar's secret (kept on the member's row) ----------

export function findCalendarToken(db: Database, memberId: string): Promise<string | null> {
  return repository.findCalendarToken(db, memberId);
}

/** Sets the calendar token (only when there is none yet, or always); the token now in place. */
export function saveCalendarToken(
  db: Database,
  memberId: string,
  token: string,
  onlyIfMissing: boolean,
): Promise<string | null> {
  return repository.saveCalendarToken(db, memberId, token, onlyIfMissing);
}

export function findMemberByCalendarToken(
  db: Database,
  token: string,
): Promise<string | undefined> {
  return repository.findMemberByCalendarToken(db, token);
}

// ---------- demo data ----------

/** Makes these accounts community members (the demo data's seed; one statement). */
export function addAccountMembers(db: Database, userIds: string[]): Promise<void> {
  return repository.insertAccountMembers(db, userIds);
}

// ---------- personal data ----------

/**
 * The account's member row (export section `communityMember`). Deleting it is the last of the
 * community's parts: the posts', groups' and events' parts remove the rows that name the member
 * first (what still points at it would go with it by the foreign keys anyway).
 */
export const membersPersonalData: PersonalDataPart = {
  module: "members",
  tables: ["community_members"],
  exportFor: async (db, { userId }) => ({
    communityMember: await repository.findAccountMemberExport(db, userId),
  }),
  deleteFor: (tx, userId) => repository.deleteAccountMember(tx, userId),
};
