// A push subscription's keys as RFC 8291 needs them: checked where the browser hands them over,
// so a key no push could ever be encrypted for is refused at once instead of failing every send.

const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The bytes of a base64url text (padding allowed); null when it is not base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  const body = text.replace(/=+$/, "");
  if (body.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((body.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of body) {
    const value = BASE64URL_ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index] = (buffer >> bits) & 0xff;
      index += 1;
    }
  }
  return bytes;
}

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

/** The browser's ECDH public key (`keys.p256dh`): base64url of an uncompressed P-256 point. */
export function isPushPublicKey(text: string): boolean {
  const bytes = decodeBase64Url(text);
  return bytes !== null && isUncompressedP256Point(bytes);
}

/** The subscription's authentication secret (`keys.auth`): base64url of exactly 16 bytes. */
export function isPushAuthSecret(text: string): boolean {
  return decodeBase64Url(text)?.length === 16;
}
