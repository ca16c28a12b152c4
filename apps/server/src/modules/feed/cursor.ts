import { FEED_CURSOR_INVALID } from "@kindred/shared";
import { HttpError } from "../../plugins/errors.ts";

// The feed's cursor: a place in a viewer's ranking that any server process can continue from,
// since every process ranks the same people the same way (people.ts). Opaque to clients:
// base64url of 65 bytes.

/** A person's place in a ranking: its order's key. */
export type RankKey = { shared: number; related: number; created: number; id: string };

export type FeedCursor = {
  /** The viewer's canonical skills the ranking was made for (skillsKeyOf). */
  skillsKey: number;
  /** The newest profile's creation time (µs) when the ranking started: anyone newer is a newcomer. */
  startedAt: number;
  /** The last person shown from the ranking. */
  last: RankKey;
  /** The last newcomer considered: newcomers after this one are still to come. */
  welcomed: { created: number; id: string };
};

const VERSION = 2;
const LENGTH = 65;
const INVALID = () =>
  new HttpError(400, "VALIDATION_ERROR", FEED_CURSOR_INVALID, [
    { path: "cursor", message: FEED_CURSOR_INVALID },
  ]);

/** A 32-bit FNV-1a hash of a set of canonical skills, whatever their order. */
export function skillsKeyOf(canonical: readonly string[]): number {
  let hash = 0x811c9dc5;
  for (const char of [...canonical].sort().join("\u0000")) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function writeId(buffer: Buffer, offset: number, id: string): void {
  buffer.write(id.replaceAll("-", ""), offset, 16, "hex");
}

function readId(buffer: Buffer, offset: number): string {
  const hex = buffer.toString("hex", offset, offset + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function readTime(buffer: Buffer, offset: number): number {
  const value = Number(buffer.readBigInt64BE(offset));
  if (!Number.isSafeInteger(value)) throw INVALID();
  return value;
}

export function encodeFeedCursor(cursor: FeedCursor): string {
  const buffer = Buffer.alloc(LENGTH);
  buffer.writeUInt8(VERSION, 0);
  buffer.writeUInt32BE(cursor.skillsKey, 1);
  buffer.writeUInt16BE(cursor.last.shared, 5);
  buffer.writeUInt16BE(cursor.last.related, 7);
  buffer.writeBigInt64BE(BigInt(cursor.last.created), 9);
  writeId(buffer, 17, cursor.last.id);
  buffer.writeBigInt64BE(BigInt(cursor.startedAt), 33);
  buffer.writeBigInt64BE(BigInt(cursor.welcomed.created), 41);
  writeId(buffer, 49, cursor.welcomed.id);
  return buffer.toString("base64url");
}

/**
 * The place a cursor names; null for a cursor of the queue that came before (f1:<position>),
 * which starts the ranking again from its top; a 400 for anything this server did not make.
 */
export function decodeFeedCursor(text: string): FeedCursor | null {
  const buffer = Buffer.from(text, "base64url");
  if (/^f1:[1-9][0-9]{0,14}$/.test(buffer.toString("latin1"))) return null;
  if (buffer.length !== LENGTH || buffer.toString("base64url") !== text) throw INVALID();
  if (buffer.readUInt8(0) !== VERSION) throw INVALID();
  return {
    skillsKey: buffer.readUInt32BE(1),
    last: {
      shared: buffer.readUInt16BE(5),
      related: buffer.readUInt16BE(7),
      created: readTime(buffer, 9),
      id: readId(buffer, 17),
    },
    startedAt: readTime(buffer, 33),
    welcomed: { created: readTime(buffer, 41), id: readId(buffer, 49) },
  };
}
