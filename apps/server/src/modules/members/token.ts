import { randomBytes } from "node:crypto";
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { COMMUNITY_TOKEN_TTL_DAYS, type CommunityMember, isUuid } from "@kindred/shared";
import { jwtVerify, SignJWT } from "jose";
import type { Config } from "../../config.ts";

export const COMMUNITY_TOKEN_ISSUER = "kindred";
export const COMMUNITY_TOKEN_AUDIENCE = "kindred-community";
export const COMMUNITY_SECRET_FILE = "community-jwt-secret";
const ALGORITHM = "HS256";
/** A bearer header longer than this is not one of ours; it is refused before any parsing. */
const MAX_TOKEN_LENGTH = 2048;

/**
 * The secret kept under DATA_DIR, made on the first start. Written to a private temporary file and
 * linked into place, so two processes starting together agree on one secret and a reader never
 * sees a half-written file.
 */
function readOrCreateSecretFile(dataDir: string): string {
  const file = path.join(dataDir, COMMUNITY_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, randomBytes(48).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  // A copy restored with looser permissions is tightened: only this user may read the secret.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds no usable secret; delete it and a new one is made at start`);
  }
  return secret;
}

/** COMMUNITY_JWT_SECRET, else the one under DATA_DIR; an in-memory data folder gets a fresh one. */
export function loadCommunitySecret(config: Config): Uint8Array {
  if (config.communityJwtSecret) return new TextEncoder().encode(config.communityJwtSecret);
  if (config.dataDir.startsWith("memory://")) return new Uint8Array(randomBytes(48));
  return new TextEncoder().encode(readOrCreateSecretFile(config.dataDir));
}

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
