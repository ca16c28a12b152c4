import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file in DATA_DIR holding the demo accounts' password. */
export const DEMO_PASSWORD_FILE = "demo-password";

export type DemoPassword = { password: string; file: string | null };

function readPassword(file: string): string | null {
  try {
    const text = readFileSync(file, "utf8").trim();
    return text.length >= 8 ? text : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * The demo accounts' password for this data folder: random, made on first use and kept in
 * DATA_DIR/demo-password, readable by its owner only. An in-memory database gets one per start.
 */
export function demoPasswordFor(dataDir: string): DemoPassword {
  const fresh = randomBytes(12).toString("base64url");
  if (dataDir.startsWith("memory://")) return { password: fresh, file: null };
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_PASSWORD_FILE);
  const existing = readPassword(file);
  if (existing) {
    chmodSync(file, 0o600);
    return { password: existing, file };
  }
  try {
    // "wx": created only when absent, so two starts cannot write different passwords.
    writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: "wx" });
    return { password: fresh, file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const written = readPassword(file);
    if (!written)
      throw new Error(`${file} exists but holds no password: delete it and start again`);
    return { password: written, file };
  }
}
