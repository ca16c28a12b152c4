import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import {
  type AuthHeaders,
  anonymousHeaders,
  blockUser,
  continueAs,
  notificationsOf,
  signUpUser,
} from "./helpers.ts";

// The community's tests share these: people who join it (as an account, or by a username) and
// calls made with their token.

/**
 * Someone in the community: the member id (an account's is the account's id), the session's
 * headers (null for a member known only by a username) and the bearer header of their token.
 */
export type CommunityPerson = {
  id: string;
  headers: AuthHeaders | null;
  token: string;
  authorization: string;
};

/** Someone in the community through their account: they have a session. */
export type CommunityAccount = CommunityPerson & { headers: AuthHeaders };

export type CommunityMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An account in the community through "Continue as": it can be told things, and block. */
export async function joinAsAccount(
  app: FastifyInstance,
  firstName: string,
  lastName = "Tester",
  skills?: string[],
): Promise<CommunityAccount> {
  const { me, headers } = await signUpUser(app, {
    firstName,
    lastName,
    ...(skills ? { skills } : {}),
  });
  const { token } = await continueAs(app, headers);
  return { id: me._id, headers, token, authorization: `Bearer ${token}` };
}

/** A member known only by a community username: no account, so no block names it. */
export async function joinWithUsername(
  app: FastifyInstance,
  prefix = "solo",
): Promise<CommunityPerson> {
  const response = await app.inject({
    method: "POST",
    url: "/api/community/fusionauth",
    headers: await anonymousHeaders(app),
    payload: { uname: `${prefix}-${randomBytes(5).toString("hex")}`, password: "a fine password" },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token, data } = response.json();
  return { id: data.id, headers: null, token, authorization: `Bearer ${token}` };
}

/** A call to `/api/community<url>` with the person's token. */
export function callCommunity(
  app: FastifyInstance,
  person: Pick<CommunityPerson, "authorization">,
  method: CommunityMethod,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/api/community${url}`,
    headers: { authorization: person.authorization },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** An ISO date-time the given number of days from now (before now when negative). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * The helpers above bound to one app, as a test file uses them: `account(firstName, lastName?,
 * skills?)`, `usernameMember()` (named `<usernamePrefix>-…`), `call(person, method, url, payload?,
 * target?)` (another app as `target`), and through the person's account session
 * `block(person, other, method?)` (POST blocks, DELETE unblocks) and `notificationsOf(person,
 * target?)`.
 */
export function communityKit(app: FastifyInstance, options: { usernamePrefix?: string } = {}) {
  return {
    account: (firstName: string, lastName?: string, skills?: string[]) =>
      joinAsAccount(app, firstName, lastName, skills),
    usernameMember: () => joinWithUsername(app, options.usernamePrefix),
    call: (
      person: Pick<CommunityPerson, "authorization">,
      method: CommunityMethod,
      url: string,
      payload?: unknown,
      target: FastifyInstance = app,
    ) => callCommunity(target, person, method, url, payload),
    block: (
      person: Pick<CommunityPerson, "headers">,
      other: Pick<CommunityPerson, "id">,
      method: "POST" | "DELETE" = "POST",
    ) => blockUser(app, person.headers, other.id, method),
    notificationsOf: (person: Pick<CommunityPerson, "headers">, target: FastifyInstance = app) =>
      notificationsOf(target, person.headers),
  };
}
