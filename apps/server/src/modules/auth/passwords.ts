import { hash, verify } from "@node-rs/argon2";

/** argon2id (the library's default) with OWASP's minimum recommended cost. */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash to verify against when the email is unknown, so an unknown email takes as long as a wrong
 * password and the timing does not tell which accounts exist.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-but-just-as-slow");
  return dummyHash;
}
