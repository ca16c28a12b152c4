import { FEED_CURSOR_INVALID } from "@kindred/shared";
import { HttpError } from "../../plugins/errors.ts";

// The feed's cursor: a place in a viewer's ranking that any server process can continue from,
// since the ranking is kept in the database and every process merges the same changes over it
// the same way (people.ts). Opaque to clients: base64url of 50 bytes.

/**
 * A person's place in a ranking: its order's key (`exchange`: 2 when each can teach the other
 * something they want to learn, 1 when only the person can teach the viewer, else 0; `number`:
 * their feed number).
 */
export type RankKey = {
  exchange: number;
  shared: number;
  related: number;
  created: number;
  number: number;
};

export type FeedCursor = {
  /** The viewer's canonical skills the ranking was made for (skillsKeyOf). */
  skillsKey: number;
  /** The newest profile's creation time (µs) when the ranking started: anyone newer is a newcomer. */
  startedAt: number;
  /** The last person shown from the ranking. */
  last: RankKey;
  /** The last newcomer considered: newcomers after this one are still to come. */
  welcomed: { created: number; number: number };
};

const VERSION = 4;
const LENGTH = 50;
/** The length of the cursors of the ranking kept in each process's memory, which came before. */
const VERSION_2_LENGTH = 65;
/** The length of the cursors of rankings before the exchange was part of their order. */
const VERSION_3_LENGTH = 49;
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
  buffer.writeBigInt64BE(BigInt(cursor.last.number), 17);
  buffer.writeBigInt64BE(BigInt(cursor.startedAt), 25);
  buffer.writeBigInt64BE(BigInt(cursor.welcomed.created), 33);
  buffer.writeBigInt64BE(BigInt(cursor.welcomed.number), 41);
  buffer.writeUInt8(cursor.last.exchange, 49);
  return buffer.toString("base64url");
}

/**
 * The place a cursor names; null for a cursor of a feed that came before (the queue's
 * f1:<position>, the in-memory ranking's version 2, or version 3 without the exchange), which
 * starts the ranking again from its top; a 400 for anything this server did not make.
 */
export function decodeFeedCursor(text: string): FeedCursor | null {
  const buffer = Buffer.from(text, "base64url");
  if (/^f1:[1-9][0-9]{0,14}$/.test(buffer.toString("latin1"))) return null;
  if (buffer.toString("base64url") !== text) throw INVALID();
  if (buffer.length === VERSION_2_LENGTH && buffer.readUInt8(0) === 2) return null;
  if (buffer.length === VERSION_3_LENGTH && buffer.readUInt8(0) === 3) return null;
  if (buffer.length !== LENGTH || buffer.readUInt8(0) !== VERSION) throw INVALID();
  if (buffer.readUInt8(49) > 2) throw INVALID();
  return {
    skillsKey: buffer.readUInt32BE(1),
    last: {
      exchange: buffer.readUInt8(49),
      shared: buffer.readUInt16BE(5),
      related: buffer.readUInt16BE(7),
      created: readTime(buffer, 9),
      number: readTime(buffer, 17),
    },
    startedAt: readTime(buffer, 25),
    welcomed: { created: readTime(buffer, 33), number: readTime(buffer, 41) },
  };
}
