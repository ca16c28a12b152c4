import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Config } from "../../config.ts";

/** The file in DATA_DIR holding the generated VAPID key pair. */
export const VAPID_KEYS_FILE = "vapid-keys.json";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

type KeyPair = { publicKey: string; privateKey: string };

function readKeyFile(file: string): KeyPair {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<KeyPair>;
  if (typeof parsed.publicKey !== "string" || typeof parsed.privateKey !== "string") {
    throw new Error(`${file} holds no VAPID key pair; delete it and a new one is made at start`);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** Made once per data folder: the first start writes it, every later one (and process) reads it. */
function readOrCreateKeyFile(dataDir: string): KeyPair {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { mode: 0o600 });
  try {
    // A hard link is created only when absent: two processes starting together keep one pair.
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  chmodSync(file, 0o600);
  return readKeyFile(file);
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; else the pair kept in DATA_DIR/vapid-keys.json; an
 * in-memory data folder gets a fresh pair per process. The subject is VAPID_SUBJECT, else the
 * public origin when it is https, else a mailto: of the support address.
 */
export function loadVapidKeys(config: Config): VapidKeys & { source: "env" | "file" | "memory" } {
  const push = config.push ?? {};
  const subject =
    push.vapidSubject ??
    (config.publicOrigin.startsWith("https:")
      ? config.publicOrigin
      : `mailto:${config.supportEmail}`);
  if (push.vapidPublicKey && push.vapidPrivateKey) {
    return {
      publicKey: push.vapidPublicKey,
      privateKey: push.vapidPrivateKey,
      subject,
      source: "env",
    };
  }
  if (config.dataDir.startsWith("memory://")) {
    return { ...webpush.generateVAPIDKeys(), subject, source: "memory" };
  }
  return { ...readOrCreateKeyFile(config.dataDir), subject, source: "file" };
}
