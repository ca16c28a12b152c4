import { COMMUNITY_TOKEN_TTL_DAYS, type CommunityMember, isUuid } from "@kindred/shared";
import { jwtVerify, SignJWT } from "jose";
import type { Config } from "../../config.ts";
import { loadCommunitySecret } from "../../lib/server-secret.ts";

// The secret is the server's own (lib/server-secret.ts): the bot check derives its key from it too.
export { COMMUNITY_SECRET_FILE, loadCommunitySecret } from "../../lib/server-secret.ts";

export const COMMUNITY_TOKEN_ISSUER = "kindred";
export const COMMUNITY_TOKEN_AUDIENCE = "kindred-community";
const ALGORITHM = "HS256";
/** A bearer header longer than this is not one of ours; it is refused before any parsing. */
const MAX_TOKEN_LENGTH = 2048;

/**
 * What a token stands for beyond its member: the member's token version when it was issued
 * (`ver`), and for a token issued to a signed-in session ("Continue as"), the SHA-256 of that
 * session's id as stored in sessions.id_hash (`sid`; never the session id itself).
 */
export type TokenGrant = { version: number; sessionHash: string | null };

/** A token's member and grant; the grant is checked against the database on every call. */
export type VerifiedToken = { member: CommunityMember } & TokenGrant;

export type CommunityTokens = {
  issue: (member: CommunityMember, grant: TokenGrant) => Promise<string>;
  /** The member and grant a token names, or null for anything but a valid, unexpired token of ours. */
  verify: (token: string) => Promise<VerifiedToken | null>;
};

const SESSION_HASH = /^[0-9a-f]{64}$/;
/** token_version is a PostgreSQL integer. */
const MAX_VERSION = 2 ** 31 - 1;

/** The tokens of one app, made once from its config: its secret may be a fresh random one. */
const tokensOfConfig = new WeakMap<Config, CommunityTokens>();

/** The app's community tokens: the token call issues them, the community scope verifies them. */
export function communityTokensFor(config: Config): CommunityTokens {
  let tokens = tokensOfConfig.get(config);
  if (!tokens) {
    tokens = communityTokens(loadCommunitySecret(config));
    tokensOfConfig.set(config, tokens);
  }
  return tokens;
}

export function communityTokens(secret: Uint8Array): CommunityTokens {
  return {
    issue: (member, grant) =>
      new SignJWT({
        id: member.id,
        uname: member.uname,
        ver: grant.version,
        ...(grant.sessionHash ? { sid: grant.sessionHash } : {}),
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(member.id)
        .setIssuer(COMMUNITY_TOKEN_ISSUER)
        .setAudience(COMMUNITY_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${COMMUNITY_TOKEN_TTL_DAYS}d`)
        .sign(secret),
    verify: async (token) => {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      try {
        // Only HS256: `alg: none` and any other algorithm are refused before the signature check.
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: COMMUNITY_TOKEN_ISSUER,
          audience: COMMUNITY_TOKEN_AUDIENCE,
          requiredClaims: ["exp", "iat"],
        });
        const { id, uname, ver, sid } = payload;
        if (typeof id !== "string" || !isUuid(id) || typeof uname !== "string") return null;
        // A token without a version (issued before versions existed) cannot be revoked: refused.
        if (typeof ver !== "number" || !Number.isInteger(ver) || ver < 0 || ver > MAX_VERSION) {
          return null;
        }
        if (sid !== undefined && (typeof sid !== "string" || !SESSION_HASH.test(sid))) return null;
        return {
          member: { id: id.toLowerCase(), uname },
          version: ver,
          sessionHash: sid ?? null,
        };
      } catch {
        return null;
      }
    },
  };
}
