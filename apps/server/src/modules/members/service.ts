import type { Database } from "../../db/client.ts";
import type { UserRow } from "../users/user-view.ts";
import { revokeCommunityTokens } from "./members-repository.ts";

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
  return revokeCommunityTokens(db, { userId });
}
