import { NOTIFICATION_MESSAGES } from "@kindred/shared";

// A push subscription's keys as RFC 8291 needs them, checked when the browser hands them over:
// a key no push could ever be encrypted for is refused at once instead of failing every send.

// NIST P-256 (secp256r1): y² = x³ − 3x + b over the prime field p. Its cofactor is 1, so every
// point on the curve is in the group ECDH works in.
const P = BigInt("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
const B = BigInt("0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b");

function toBigInt(bytes: Uint8Array): bigint {
  let value = BigInt(0);
  for (const byte of bytes) value = (value << BigInt(8)) | BigInt(byte);
  return value;
}

function mod(value: bigint): bigint {
  const rest = value % P;
  return rest < 0 ? rest + P : rest;
}

/** Whether the bytes are an uncompressed P-256 point (0x04, x, y: 65 bytes) on the curve. */
export function isUncompressedP256Point(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = toBigInt(bytes.subarray(1, 33));
  const y = toBigInt(bytes.subarray(33, 65));
  if (x >= P || y >= P) return false;
  return mod(y * y) === mod(x * x * x - BigInt(3) * x + B);
}

/**
 * What is wrong with a subscription's keys, by field: `p256dh` must be base64url of an
 * uncompressed P-256 point and `auth` base64url of exactly 16 bytes (RFC 8291). The shape (the
 * base64url alphabet) is the schema's; this is what a schema cannot say.
 */
export function subscriptionKeyProblems(keys: {
  p256dh: string;
  auth: string;
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!isUncompressedP256Point(Buffer.from(keys.p256dh, "base64url"))) {
    problems.push({ path: "keys.p256dh", message: NOTIFICATION_MESSAGES.badPublicKey });
  }
  if (Buffer.from(keys.auth, "base64url").length !== 16) {
    problems.push({ path: "keys.auth", message: NOTIFICATION_MESSAGES.badAuthSecret });
  }
  return problems;
}
