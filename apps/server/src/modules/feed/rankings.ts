import { randomInt } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { type RankKey, skillsKeyOf } from "./cursor.ts";
import { int64At, viewOf } from "./packed.ts";
import {
  extendRanking,
  newestProfile,
  type RankAfter,
  type RankedRow,
  type RankingRow,
  rankTheRest,
  saveRanking,
} from "./page-repository.ts";
import type { Person } from "./people.ts";
import type { Postings } from "./postings.ts";
import { relatedSkills } from "./viewer-skills.ts";

// A viewer's ranking: the first people of their order (an exchange both ways, then those who can
// teach the viewer what they want to learn, then most shared canonical skills, then most related
// ones, then newest), made a chunk at a time (postings.ts counts who holds what; the people who
// share nothing come from SQL, newest first) and kept in feed_rankings, where any process reads
// it. Each entry is packed in ENTRY bytes: the person's feed number, the two counts, their
// creation (µs), the end of a suspension (ms; 0: none) and the exchange tier.

/** How many people a chunk of a ranking adds, unless the app's config says otherwise. */
export const CHUNK = 500;
const ENTRY = 27;

export type Ranking = {
  version: number;
  /** The viewer's canonical skills and band it was made for (rankingKeyOf). */
  key: number;
  /** Made before the changes of transactions from this one on. */
  horizon: number;
  /** The newest profile's creation (µs) when it was made. */
  startedAt: number;
  /** Nobody comes after its last entry. */
  complete: boolean;
  length: number;
  numbers: Float64Array;
  exchange: Uint8Array;
  shared: Uint8Array;
  related: Uint8Array;
  created: Float64Array;
  suspendedUntil: Float64Array;
  bytes: number;
};

/**
 * What a viewer's ranking depends on: their canonical skills, what they learn, their band, and
 * the entries' format (a process of an earlier format, during a deploy, never reads one of these
 * as its own, nor this process one of its).
 */
export function rankingKeyOf(viewer: Person): number {
  return skillsKeyOf([
    ...viewer.canonical,
    ...viewer.learningCanonical.map((skill) => `\u0001learn:${skill}`),
    `\u0000band:${viewer.band ?? ""}`,
    `\u0000entry:${ENTRY}`,
  ]);
}

function pack(rows: readonly RankedRow[]): Buffer {
  const buffer = Buffer.alloc(rows.length * ENTRY);
  for (const [index, row] of rows.entries()) {
    const at = index * ENTRY;
    buffer.writeBigInt64BE(BigInt(row.number), at);
    buffer.writeUInt8(Math.min(255, row.shared), at + 8);
    buffer.writeUInt8(Math.min(255, row.related), at + 9);
    buffer.writeBigInt64BE(BigInt(row.created), at + 10);
    buffer.writeBigInt64BE(BigInt(row.suspendedUntil ?? 0), at + 18);
    buffer.writeUInt8(row.exchange, at + 26);
  }
  return buffer;
}

export function unpack(row: RankingRow): Ranking {
  const bytes = row.entries;
  const view = viewOf(bytes);
  const length = Math.floor(bytes.byteLength / ENTRY);
  const ranking: Ranking = {
    version: Number(row.version),
    key: Number(row.skillsKey),
    horizon: Number(row.horizon),
    startedAt: Number(row.startedAt),
    complete: row.complete,
    length,
    numbers: new Float64Array(length),
    exchange: new Uint8Array(length),
    shared: new Uint8Array(length),
    related: new Uint8Array(length),
    created: new Float64Array(length),
    suspendedUntil: new Float64Array(length),
    bytes: length * 35 + 200,
  };
  for (let index = 0; index < length; index++) {
    const at = index * ENTRY;
    ranking.numbers[index] = int64At(view, at);
    ranking.shared[index] = view.getUint8(at + 8);
    ranking.exchange[index] = view.getUint8(at + 26);
    ranking.related[index] = view.getUint8(at + 9);
    ranking.created[index] = int64At(view, at + 10);
    ranking.suspendedUntil[index] = int64At(view, at + 18);
  }
  return ranking;
}

/** The key of the ranking's entry at `index`. */
export function keyAt(ranking: Ranking, index: number): RankKey {
  return {
    exchange: ranking.exchange[index] as number,
    shared: ranking.shared[index] as number,
    related: ranking.related[index] as number,
    created: ranking.created[index] as number,
    number: ranking.numbers[index] as number,
  };
}

/** The next chunk of the viewer's ranking after `after` (null: from the top). */
async function rankChunk(
  db: Database,
  postings: Postings,
  viewer: Person,
  after: RankAfter | null,
  size: number,
) {
  const mine = viewer.canonical;
  const related = relatedSkills(mine);
  const learning = viewer.learningCanonical;
  const adult = viewer.band === "adult";
  const inRest =
    after !== null && after.exchange === 0 && after.shared === 0 && after.related === 0;
  let rows: RankedRow[] = [];
  let horizon = Number.MAX_SAFE_INTEGER;
  let exhausted = true;
  if (!inRest) {
    const sharers = await postings.sharers(db, {
      mine,
      related,
      learning,
      adult,
      viewerNumber: viewer.number,
      after,
      limit: size,
    });
    horizon = sharers.horizon;
    exhausted = sharers.exhausted;
    rows = sharers.keys.map((key) => ({
      number: String(key.number),
      exchange: key.exchange,
      shared: key.shared,
      related: key.related,
      created: String(key.created),
      suspendedUntil: null,
    }));
  }
  let complete = false;
  if (exhausted && rows.length < size) {
    const wanted = size - rows.length;
    const rest = await rankTheRest(db, {
      viewerId: viewer.id,
      all: [...mine, ...related, ...learning],
      adult,
      after: inRest ? { created: after.created, number: after.number } : null,
      limit: wanted,
    });
    horizon = Math.min(horizon, rest.xmin);
    rows = rows.concat(rest.rows);
    complete = rest.rows.length < wanted;
  }
  return { horizon, startedAt: await newestProfile(db), rows, complete };
}

/** Makes the viewer's ranking from its top and saves it in place of any before. */
export async function makeRanking(
  db: Database,
  postings: Postings,
  viewer: Person,
  size: number,
): Promise<Ranking> {
  const chunk = await rankChunk(db, postings, viewer, null, size);
  const entries = pack(chunk.rows);
  const row: RankingRow = {
    version: String(randomInt(2 ** 47)),
    skillsKey: String(rankingKeyOf(viewer)),
    horizon: String(chunk.horizon),
    startedAt: String(chunk.startedAt),
    complete: chunk.complete,
    entries,
  };
  await saveRanking(db, {
    viewerId: viewer.id,
    version: Number(row.version),
    skillsKey: Number(row.skillsKey),
    horizon: chunk.horizon,
    startedAt: chunk.startedAt,
    complete: chunk.complete,
    entries,
  });
  return unpack(row);
}

/**
 * The ranking with its next chunk added (saved when no other process added one first); null
 * when another did, or when it is complete already.
 */
export async function extendedRanking(
  db: Database,
  postings: Postings,
  viewer: Person,
  ranking: Ranking,
  size: number,
): Promise<Ranking | null> {
  if (ranking.complete || ranking.length === 0) return null;
  const chunk = await rankChunk(db, postings, viewer, keyAt(ranking, ranking.length - 1), size);
  const version = randomInt(2 ** 47);
  const added = pack(chunk.rows);
  const saved = await extendRanking(db, {
    viewerId: viewer.id,
    from: ranking.version,
    version,
    complete: chunk.complete,
    chunk: added,
  });
  if (!saved) return null;
  const whole = Buffer.alloc((ranking.length + chunk.rows.length) * ENTRY);
  whole.set(pack(rowsOf(ranking)), 0);
  whole.set(added, ranking.length * ENTRY);
  return unpack({
    version: String(version),
    skillsKey: String(ranking.key),
    horizon: String(ranking.horizon),
    startedAt: String(ranking.startedAt),
    complete: chunk.complete,
    entries: whole,
  });
}

function rowsOf(ranking: Ranking): RankedRow[] {
  const rows: RankedRow[] = [];
  for (let index = 0; index < ranking.length; index++) {
    rows.push({
      number: String(ranking.numbers[index]),
      exchange: ranking.exchange[index] as number,
      shared: ranking.shared[index] as number,
      related: ranking.related[index] as number,
      created: String(ranking.created[index]),
      suspendedUntil: String(ranking.suspendedUntil[index]),
    });
  }
  return rows;
}
