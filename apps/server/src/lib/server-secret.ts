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
import type { Config } from "../config.ts";

/** The file under DATA_DIR holding the server's secret (community tokens, the bot check's key). */
export const COMMUNITY_SECRET_FILE = "community-jwt-secret";

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
