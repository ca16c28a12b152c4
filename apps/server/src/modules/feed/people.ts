import { createHash } from "node:crypto";
import { type AgeBand, ageBandOf } from "@kindred/shared";
import type { Database } from "../../db/client.ts";
import { canonicalSkill } from "../skills/vocabulary.ts";
import { rowToCard } from "../users/card.ts";
import { type FeedCursor, type RankKey, skillsKeyOf } from "./cursor.ts";
import {
  type FeedCheckRow,
  type PersonRow,
  readChanges,
  readEveryone,
  readPartners,
} from "./page-repository.ts";
import { comparisonWriter } from "./skills-comparison.ts";
import { relatedSkills } from "./viewer-skills.ts";

// The feed's memory, one per server process: everyone's card (its JSON written once and shared by
// every viewer), each viewer's ranking and each viewer's requests and blocks. None of it is trusted
// on its own: every page first reads, in the statement that checks its session, the number of the
// last change to anyone's card and the viewer's relation number (page-repository.ts), and the
// memory catches up to both before the page is made. So a block, a request, an edit, a new
// profile or a deleted account made on any process shows on the very next page, as it did when
// each page was read from the database (decision 104).

export type Person = {
  /** Their place in `FeedMemory.everyone` (newest first), for the current generation. */
  index: number;
  id: string;
  /** created_at in microseconds since the epoch. */
  created: number;
  /** The Card's JSON without its closing brace. */
  cardHead: string;
  /** As typed, in their order. */
  skills: string[];
  /** Each of `skills`' canonical skill. */
  canonicalOfEach: string[];
  /** Each of `skills` as JSON. */
  quoted: string[];
  /** The whole card's JSON for a viewer it shares nothing with. */
  nothingShared: string;
  /** Their canonical skills, once each. */
  canonical: string[];
  /** What a ranking for them as a viewer is made for (skillsKeyOf). */
  skillsKey: number;
  /** 13-17 or 18+; null without an age: then they meet nobody, as viewer or as card. */
  band: AgeBand | null;
  /** Banned or held for review: shown to nobody. */
  hidden: boolean;
  /** Suspended until then (milliseconds since the epoch; 0: not suspended): shown after it. */
  suspendedUntil: number;
};

/**
 * A viewer's ranking, over everyone as `FeedMemory.everyone` holds them in its generation (newest
 * first; a person's index there): how many of the viewer's canonical skills each person shares
 * and how many related ones (one byte each, per index), and the order of everyone who shares or
 * relates to one (indexes). About 6 bytes a person: 10,000 people take 60 kB a viewer.
 */
type Ranking = {
  generation: number;
  skillsKey: number;
  shared: Uint8Array;
  related: Uint8Array;
  /** Everyone with a shared or related skill, in ranking order (indexes into everyone). */
  sharers: Int32Array;
  /** Writes what a card shares with the viewer, as the end of its JSON. */
  compare: ReturnType<typeof comparisonWriter>;
};

/** Newest first: (created, id) descending. */
function newer(a: { created: number; id: string }, b: { created: number; id: string }): boolean {
  return a.created !== b.created ? a.created > b.created : a.id > b.id;
}

/** The first index of `list` (sorted by `precedes`) whose item does not precede `bound`. */
function firstNotBefore<T, B>(list: ArrayLike<T>, bound: B, precedes: (a: T, b: B) => boolean) {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (precedes(list[middle] as T, bound)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function personOf(row: PersonRow): Person {
  const canonicalOfEach = row.skills.map(canonicalSkill);
  const canonical = [...new Set(canonicalOfEach)].filter(Boolean);
  const cardHead = JSON.stringify(rowToCard(row)).slice(0, -1);
  return {
    index: -1,
    id: row.id,
    created: Number(row.created),
    cardHead,
    skills: row.skills,
    canonicalOfEach,
    quoted: row.skills.map((skill) => JSON.stringify(skill)),
    nothingShared: cardHead + NOTHING_SHARED,
    canonical,
    skillsKey: skillsKeyOf(canonical),
    band: ageBandOf(row.age),
    hidden: row.hidden === true,
    suspendedUntil: row.suspendedUntil === null ? 0 : Number(row.suspendedUntil),
  };
}

/** A map that forgets its least recently used entry beyond `limit`. */
class Recent<V> {
  private readonly map = new Map<string, V>();
  constructor(public limit: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    for (const key of this.map.keys()) {
      if (this.map.size <= this.limit) break;
      this.map.delete(key);
    }
  }
}

/**
 * A page: each card as JSON text (in the contract's shape and order), and the next cursor;
 * `needsAge` when the viewer has no age (they meet nobody until they give one).
 */
export type FeedPage = { cards: string[]; next: FeedCursor | null; needsAge?: true };

/** `now`: the app's clock in milliseconds, against which suspensions end. */
export type PageRequest = { cursor: FeedCursor | null; offset: number; limit: number; now: number };

/**
 * How a deletion's change names the person (migration 0023, `deleted_person_digest`): the first
 * 128 bits of the SHA-256 of the id, as a uuid. Nothing in the database names a deleted person.
 */
export function deletedPersonDigest(id: string): string {
  const hex = createHash("sha256").update(id).digest("hex");
  const parts = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20)];
  return `${parts.join("-")}-${hex.slice(20, 32)}`;
}

export class FeedMemory {
  /** The number of the last change applied; -1 before everyone is read. */
  private seq = -1;
  /** Raised by every change applied: rankings made before one are made again. */
  private generation = 0;
  private readonly byId = new Map<string, Person>();
  /** Digest → id for everyone in memory, made at the first deletion read (see `forget`). */
  private byDigest: Map<string, string> | undefined;
  private sorted: Person[] | undefined;
  /** Each canonical skill's people (their indexes in everyone). */
  private postings: Map<string, number[]> | undefined;
  private reading: Promise<void> | undefined;
  /** The last viewers' rankings, as many as RANKINGS_BYTES holds (see everyone()). */
  private readonly rankings = new Recent<Ranking>(1_000);
  private readonly partners = new Recent<{ version: number; ids: Set<string> }>(20_000);

  /** Everyone, newest first, each knowing their index. */
  private everyone(): Person[] {
    if (!this.sorted) {
      this.sorted = [...this.byId.values()].sort((a, b) => (newer(a, b) ? -1 : 1));
      for (const [index, person] of this.sorted.entries()) person.index = index;
      // A ranking takes about 6 bytes a person.
      this.rankings.limit = Math.max(
        100,
        Math.floor(RANKINGS_BYTES / (6 * Math.max(1, this.sorted.length))),
      );
    }
    return this.sorted;
  }

  /** The indexes of everyone with a canonical skill. */
  private withSkill(canonical: string): readonly number[] {
    if (!this.postings) {
      this.postings = new Map();
      for (const person of this.everyone()) {
        for (const skill of person.canonical) {
          const list = this.postings.get(skill) ?? [];
          list.push(person.index);
          this.postings.set(skill, list);
        }
      }
    }
    return this.postings.get(canonical) ?? [];
  }

  private put(row: PersonRow): void {
    this.byId.set(row.id, personOf(row));
    this.byDigest?.set(deletedPersonDigest(row.id), row.id);
  }

  /** Drops the person a deletion's change names, by their digest (or, in older rows, by id). */
  private forget(named: string): void {
    if (!this.byDigest) {
      this.byDigest = new Map();
      for (const id of this.byId.keys()) this.byDigest.set(deletedPersonDigest(id), id);
    }
    const id = this.byDigest.get(named) ?? named;
    this.byDigest.delete(named);
    this.byId.delete(id);
  }

  private changed(): void {
    this.generation++;
    this.sorted = undefined;
    this.postings = undefined;
  }

  /**
   * Reads the changes since the last read; everyone, the first time or when changes it has not
   * seen were pruned (a gap in the numbers: they are given at commit, one at a time, so they have
   * none otherwise).
   */
  private async read(db: Database): Promise<void> {
    if (this.seq >= 0) {
      const changes = await readChanges(db, this.seq);
      if (changes.length === 0 || changes[0]?.seq === this.seq + 1) {
        for (const change of changes) {
          if (change.person) this.put(change.person);
          else this.forget(change.userId);
          this.seq = change.seq;
        }
        this.changed();
        return;
      }
    }
    const { seq, rows } = await readEveryone(db);
    this.byId.clear();
    this.byDigest = undefined;
    for (const row of rows) if (row.id !== null) this.put(row);
    this.seq = seq;
    this.changed();
  }

  /** Catches up with the database until it has applied change `seq` (one read at a time). */
  async catchUp(db: Database, seq: number): Promise<void> {
    for (let attempt = 0; this.seq < seq && attempt < 3; attempt++) {
      this.reading ??= this.read(db).finally(() => {
        this.reading = undefined;
      });
      await this.reading;
    }
    if (this.seq < seq) throw new Error(`the feed's memory could not reach change ${seq}`);
  }

  /** The viewer's requests and blocks, read again (their relation number changed). */
  private async readPartners(db: Database, viewerId: string): Promise<Set<string>> {
    const read = await readPartners(db, viewerId);
    const entry = { version: read.version, ids: new Set(read.ids) };
    this.partners.set(viewerId, entry);
    return entry.ids;
  }

  private rankingOf(viewer: Person): Ranking {
    const known = this.rankings.get(viewer.id);
    if (known && known.generation === this.generation && known.skillsKey === viewer.skillsKey) {
      return known;
    }
    const everyone = this.everyone();
    const shared = new Uint8Array(everyone.length);
    const related = new Uint8Array(everyone.length);
    const sharers: number[] = [];
    const count = (counts: Uint8Array, skills: readonly string[]) => {
      for (const canonical of skills) {
        for (const index of this.withSkill(canonical)) {
          if (shared[index] === 0 && related[index] === 0 && index !== viewer.index) {
            sharers.push(index);
          }
          counts[index] = Math.min(255, (counts[index] as number) + 1);
        }
      }
    };
    count(shared, viewer.canonical);
    count(related, relatedSkills(viewer.canonical));
    // Among the same counts, the lower index is the newer person.
    const order = Int32Array.from(sharers).sort(
      (a, b) =>
        (shared[b] as number) - (shared[a] as number) ||
        (related[b] as number) - (related[a] as number) ||
        a - b,
    );
    const ranking: Ranking = {
      generation: this.generation,
      skillsKey: viewer.skillsKey,
      shared,
      related,
      sharers: order,
      compare: comparisonWriter(viewer.skills),
    };
    this.rankings.set(viewer.id, ranking);
    return ranking;
  }

  /**
   * A page of the viewer's feed, once the memory has caught up with what the page's check read.
   * Everyone but the viewer and their partners, in the ranking's order from the cursor; people
   * who joined after the ranking started (after `cursor.startedAt`) come first, oldest first, so
   * nobody who joins is left for the end of a long ranking. An empty page when the viewer's
   * account has gone since the check.
   */
  async page(db: Database, check: FeedCheckRow, request: PageRequest): Promise<FeedPage> {
    const seq = Number(check.people);
    if (this.seq < seq) await this.catchUp(db, seq);
    const version = Number(check.relations);
    const known = this.partners.get(check.viewerId);
    const partners =
      known && known.version === version ? known.ids : await this.readPartners(db, check.viewerId);
    // From here to the answer nothing waits, so the memory cannot change under the page.
    const viewer = this.byId.get(check.viewerId);
    if (!viewer) return { cards: [], next: null };
    if (viewer.band === null) return { cards: [], next: null, needsAge: true };
    const everyone = this.everyone();
    const ranking = this.rankingOf(viewer);
    const { shared, related } = ranking;
    const { skillsKey } = viewer;
    // A cursor made for other skills (the viewer edited theirs): the new ranking, from its top.
    const cursor = request.cursor?.skillsKey === skillsKey ? request.cursor : null;
    const startedAt = cursor ? cursor.startedAt : (everyone[0]?.created ?? 0);
    // The rule of users/fragments.ts `meetable`, on the memory: same band (so both have an
    // age), not under moderation now, no request or block between them.
    const { band } = viewer;
    const now = request.now;
    const shown = (person: Person) =>
      person.band === band &&
      !person.hidden &&
      person.suspendedUntil <= now &&
      person !== viewer &&
      !partners.has(person.id);
    const picked: number[] = [];
    const { limit } = request;

    // Newcomers: joined after the ranking started, and not yet shown; oldest first.
    let welcomed = cursor?.welcomed ?? { created: startedAt, id: MAX_ID };
    if (cursor) {
      const joined = firstNotBefore(everyone, welcomed, newer);
      for (let index = joined - 1; index >= 0 && picked.length < limit; index--) {
        const person = everyone[index] as Person;
        welcomed = { created: person.created, id: person.id };
        if (shown(person)) picked.push(index);
      }
    }

    // The ranking, after the cursor's place in it, among those who were there when it started.
    let skip = cursor ? 0 : request.offset;
    const after = cursor?.last ?? null;
    let lastTaken = -1;
    const take = (index: number) => {
      const person = everyone[index] as Person;
      if (person.created > startedAt || !shown(person)) return;
      if (skip > 0) {
        skip--;
        return;
      }
      picked.push(index);
      lastTaken = index;
    };
    /** Whether the person at `index` comes at or before `key` in the ranking. */
    const atOrBefore = (index: number, key: RankKey) => {
      const person = everyone[index] as Person;
      if (shared[index] !== key.shared) return (shared[index] as number) > key.shared;
      if (related[index] !== key.related) return (related[index] as number) > key.related;
      if (person.created !== key.created) return person.created > key.created;
      return person.id >= key.id;
    };
    const inRest = after !== null && after.shared === 0 && after.related === 0;
    if (!inRest) {
      const from = after ? firstNotBefore(ranking.sharers, after, atOrBefore) : 0;
      for (let at = from; at < ranking.sharers.length && picked.length < limit; at++) {
        take(ranking.sharers[at] as number);
      }
    }
    if (picked.length < limit) {
      // Everyone else, newest first: the ranking's end, whose counts are all 0.
      const from = inRest ? firstNotBefore(everyone, after, (p, key) => !newer(key, p)) : 0;
      for (let index = from; index < everyone.length && picked.length < limit; index++) {
        if (shared[index] === 0 && related[index] === 0) take(index);
      }
    }

    const lastPerson = everyone[lastTaken];
    const last: RankKey | null = lastPerson
      ? {
          shared: shared[lastTaken] as number,
          related: related[lastTaken] as number,
          created: lastPerson.created,
          id: lastPerson.id,
        }
      : after;
    const next: FeedCursor | null =
      picked.length === limit
        ? {
            skillsKey,
            startedAt,
            last: last ?? { shared: MAX_SCORE, related: MAX_SCORE, created: 0, id: MAX_ID },
            welcomed,
          }
        : null;
    const cards = picked.map((index) => {
      const person = everyone[index] as Person;
      if (shared[index] === 0 && related[index] === 0) return person.nothingShared;
      return person.cardHead + ranking.compare(person.canonicalOfEach, person.quoted);
    });
    return { cards, next };
  }
}

const MAX_ID = "ffffffff-ffff-ffff-ffff-ffffffffffff";
/** What the cached rankings may take together: 64 MiB (1,100 viewers at 10,000 people). */
const RANKINGS_BYTES = 64 * 2 ** 20;
const MAX_SCORE = 255;
/** The end of a card that shares nothing with the viewer. */
const NOTHING_SHARED =
  ',"matchingSkills":[],"related":[],"sharedInYourWords":[],"relatedToYours":[]}';
