import type { Database } from "../../db/client.ts";
import type { RankKey } from "./cursor.ts";
import { int64At, viewOf } from "./packed.ts";
import { readCampusPeople, readHolders } from "./page-repository.ts";
import { Recent } from "./people.ts";

// Who holds each canonical skill, per band: the feed ranks a viewer by counting, over the
// holders of their skills and of the skills related to them, how many each person holds. A
// process keeps the lists it read last (bounded), each read from the skills' index alone and
// used for at most a minute; a ranking made from them is made before the changes of
// transactions from the oldest list's `horizon` on, which every page applies over it.

/** What the lists a process keeps may take together. */
const POSTINGS_BYTES = 96 * 2 ** 20;
/** A list older than this is read again before a ranking uses it. */
const POSTINGS_MAX_AGE_MS = 60_000;

type Holders = {
  /** Feed numbers, newest first. */
  numbers: Float64Array;
  /** Each one's creation, µs since the epoch. */
  created: Float64Array;
  /** Read before the changes of transactions from this one on. */
  horizon: number;
  readAt: number;
};

export type Sharers = {
  /** Made before the changes of transactions from this one on. */
  horizon: number;
  /** The next people of the ranking after the key asked for, in order, at most as many as asked. */
  keys: RankKey[];
  /** Nobody with a shared or related skill comes after the last of `keys`. */
  exhausted: boolean;
};

const EMPTY: Holders = {
  numbers: new Float64Array(0),
  created: new Float64Array(0),
  horizon: Number.MAX_SAFE_INTEGER,
  readAt: 0,
};

function unpackHolders(packed: Uint8Array, horizon: number, readAt: number): Holders {
  const view = viewOf(packed);
  const length = Math.floor(packed.byteLength / 16);
  const numbers = new Float64Array(length);
  const created = new Float64Array(length);
  for (let index = 0; index < length; index++) {
    numbers[index] = int64At(view, index * 16);
    created[index] = int64At(view, index * 16 + 8);
  }
  return { numbers, created, horizon, readAt };
}

/** A counted person's flags: listed once, can teach the viewer, wants to learn from them. */
const LISTED = 1;
const TEACHES = 2;
const LEARNS = 4;

/** The exchange tier of a person's flags (RankKey.exchange). */
function tierOf(flags: number): number {
  if (!(flags & TEACHES)) return 0;
  return flags & LEARNS ? 2 : 1;
}

/** Whether the key (tier, score, created, number) comes after `after`'s in a ranking. */
function comesAfter(
  tier: number,
  score: number,
  created: number,
  number: number,
  after: RankKey,
): boolean {
  if (tier !== after.exchange) return tier < after.exchange;
  const afterScore = after.shared * 256 + after.related;
  if (score !== afterScore) return score < afterScore;
  if (created !== after.created) return created < after.created;
  return number < after.number;
}

/** A binary heap of indexes, the worst (latest in ranking order) on top. */
function keepBest(indexes: number[], count: number, worse: (a: number, b: number) => boolean) {
  const heap: number[] = [];
  const up = (at: number) => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!worse(heap[at] as number, heap[parent] as number)) break;
      [heap[at], heap[parent]] = [heap[parent] as number, heap[at] as number];
      at = parent;
    }
  };
  const down = (at: number) => {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let top = at;
      if (left < heap.length && worse(heap[left] as number, heap[top] as number)) top = left;
      if (right < heap.length && worse(heap[right] as number, heap[top] as number)) top = right;
      if (top === at) return;
      [heap[at], heap[top]] = [heap[top] as number, heap[at] as number];
      at = top;
    }
  };
  for (const index of indexes) {
    if (heap.length < count) {
      heap.push(index);
      up(heap.length - 1);
    } else if (worse(heap[0] as number, index)) {
      heap[0] = index;
      down(0);
    }
  }
  return heap;
}

/** What a ranking counts for a viewer, and the filters of a filtered feed. */
export type SharersInput = {
  /** The viewer's canonical skills. */
  mine: readonly string[];
  /** The canonical skills related to them, not the viewer's. */
  related: readonly string[];
  /** The canonical skills the viewer wants to learn. */
  learning: readonly string[];
  adult: boolean;
  viewerNumber: number;
  after: RankKey | null;
  limit: number;
};

/**
 * A filtered feed's filters: people who know `teaches`, who want to learn `learns` (canonical
 * skills), who are of the university `campus`.
 */
export type FeedFilters = { teaches: string | null; learns: string | null; campus?: string | null };

export class Postings {
  private readonly lists = new Recent<Holders>(POSTINGS_BYTES, (list) => 16 * list.numbers.length);
  /**
   * Counting space, by feed number: a score (256 a shared skill, 1 a related one), a stamp, and
   * the flags (LISTED, TEACHES, LEARNS).
   */
  private score = new Uint16Array(0);
  private stamp = new Uint16Array(0);
  private flags = new Uint8Array(0);

  /**
   * The holders of each skill in the band (`learners`: the people who want to learn it), read
   * where missing or too old.
   */
  private async holders(
    db: Database,
    skills: readonly string[],
    adult: boolean,
    learners = false,
    maxAgeMs = POSTINGS_MAX_AGE_MS,
  ): Promise<Holders[]> {
    if (skills.length === 0) return [];
    const now = Date.now();
    const keyOf = (skill: string) => `${learners ? "l" : "k"}${adult ? "a" : "t"}:${skill}`;
    const found = new Map<string, Holders>();
    const missing: string[] = [];
    for (const skill of skills) {
      const known = this.lists.get(keyOf(skill));
      if (known && now - known.readAt <= maxAgeMs) found.set(skill, known);
      else missing.push(skill);
    }
    if (missing.length > 0) {
      const { xmin, lists } = await readHolders(db, missing, adult, learners);
      for (const skill of missing) found.set(skill, { ...EMPTY, horizon: xmin, readAt: now });
      for (const { canonical, packed } of lists) {
        found.set(canonical, unpackHolders(packed, xmin, now));
      }
      for (const skill of missing) this.lists.set(keyOf(skill), found.get(skill) as Holders);
    }
    return skills.map((skill) => found.get(skill) as Holders);
  }

  /** The people of a university in the band, read now (one range of users_campus_idx). */
  private async campusPeople(db: Database, campus: string, adult: boolean): Promise<Holders> {
    const now = Date.now();
    const { xmin, packed } = await readCampusPeople(db, campus, adult);
    return packed ? unpackHolders(packed, xmin, now) : { ...EMPTY, horizon: xmin, readAt: now };
  }

  /**
   * The next `limit` people of the viewer's ranking after `after` (null: from the top), among
   * those of the band holding one of `mine`, `related` or `learning`: those who can teach the
   * viewer something they want to learn and want to learn something the viewer knows first, then
   * those who can teach them, then most of `mine`, then most of `related`, then newest (creation,
   * then feed number). Leaves out `viewerNumber`.
   */
  async sharers(db: Database, input: SharersInput): Promise<Sharers> {
    const [holders, learners] = await Promise.all([
      this.holders(db, [...input.mine, ...input.related, ...input.learning], input.adult),
      input.learning.length > 0 ? this.holders(db, input.mine, input.adult, true) : [],
    ]);
    return this.rank(input, holders, learners, null);
  }

  /**
   * The same order among the people of the band who know `filters.teaches`, want to learn
   * `filters.learns` and are of the university `filters.campus` (those given), whether they share
   * a skill with the viewer or not. The filters' lists are read now; the viewer's, which only
   * order them, may be up to a minute old (the page checks each card as it is now).
   */
  async filtered(db: Database, input: SharersInput, filters: FeedFilters): Promise<Sharers> {
    const [holders, learners, teachers, students] = await Promise.all([
      this.holders(db, [...input.mine, ...input.related, ...input.learning], input.adult),
      input.learning.length > 0 ? this.holders(db, input.mine, input.adult, true) : [],
      // Who the filters keep is read on every page: someone who just gained the skill or the
      // university is in at once (the cards say the rest as they are now).
      filters.teaches ? this.holders(db, [filters.teaches], input.adult, false, 0) : [],
      filters.learns ? this.holders(db, [filters.learns], input.adult, true, 0) : [],
    ]);
    const only = [...teachers, ...students];
    if (filters.campus) only.push(await this.campusPeople(db, filters.campus, input.adult));
    return this.rank(input, holders, learners, only.length > 0 ? only : null);
  }

  /**
   * Counts and orders (see sharers). `only`: the people must be in every one of these lists,
   * and are all candidates, sharing something or not.
   */
  private rank(
    input: SharersInput,
    lists: readonly Holders[],
    learnerLists: readonly Holders[],
    only: readonly Holders[] | null,
  ): Sharers {
    let horizon = Number.MAX_SAFE_INTEGER;
    let largest = 0;
    for (const list of [...lists, ...learnerLists, ...(only ?? [])]) {
      horizon = Math.min(horizon, list.horizon);
      for (const number of list.numbers) largest = Math.max(largest, number);
    }
    // From here on nothing waits: the counting space is this call's alone.
    if (this.score.length <= largest) {
      const size = Math.max(largest + 1, Math.ceil(this.score.length * 1.5));
      this.score = new Uint16Array(size);
      this.stamp = new Uint16Array(size);
      this.flags = new Uint8Array(size);
    }
    const { score, stamp, flags } = this;
    const numbers: number[] = [];
    const created: number[] = [];
    const listed = (number: number, at: number) => {
      flags[number] = (flags[number] as number) | LISTED;
      numbers.push(number);
      created.push(at);
    };
    // A filtered feed: everyone in the first list who is in all the others, and nobody else.
    let allowed: ((number: number) => boolean) | null = null;
    if (only) {
      const [first, ...others] = only as [Holders, ...Holders[]];
      for (const [at, list] of others.entries()) {
        for (const number of list.numbers) if (stamp[number] === at) stamp[number] = at + 1;
      }
      for (let index = 0; index < first.numbers.length; index++) {
        const number = first.numbers[index] as number;
        if (number === input.viewerNumber || (flags[number] as number) & LISTED) continue;
        if (others.length > 0 && stamp[number] !== others.length) continue;
        listed(number, first.created[index] as number);
      }
      for (const list of others) for (const number of list.numbers) stamp[number] = 0;
      allowed = (number) => ((flags[number] as number) & LISTED) !== 0;
    }
    const { mine, related } = input;
    for (const [at, list] of lists.entries()) {
      const weight = at < mine.length ? 256 : at < mine.length + related.length ? 1 : 0;
      const mark = (at % 65_535) + 1;
      for (let index = 0; index < list.numbers.length; index++) {
        const number = list.numbers[index] as number;
        // A person who typed two spellings of one skill holds it once.
        if (stamp[number] === mark || number === input.viewerNumber) continue;
        if (allowed && !allowed(number)) continue;
        stamp[number] = mark;
        if (!((flags[number] as number) & LISTED)) listed(number, list.created[index] as number);
        if (weight === 0) flags[number] = (flags[number] as number) | TEACHES;
        else score[number] = Math.min(65_535, (score[number] as number) + weight);
      }
    }
    for (const list of learnerLists) {
      for (const number of list.numbers) {
        if ((flags[number] as number) & LISTED) flags[number] = (flags[number] as number) | LEARNS;
      }
    }
    const { after, limit } = input;
    const candidates: number[] = [];
    for (let index = 0; index < numbers.length; index++) {
      const number = numbers[index] as number;
      if (
        !after ||
        comesAfter(
          tierOf(flags[number] as number),
          score[number] as number,
          created[index] as number,
          number,
          after,
        )
      ) {
        candidates.push(index);
      }
    }
    // Later in the ranking: a lower tier, then a lower score, then older, then a lower number.
    const worse = (a: number, b: number) => {
      const numberA = numbers[a] as number;
      const numberB = numbers[b] as number;
      const tierA = tierOf(flags[numberA] as number);
      const tierB = tierOf(flags[numberB] as number);
      if (tierA !== tierB) return tierA < tierB;
      const scoreA = score[numberA] as number;
      const scoreB = score[numberB] as number;
      if (scoreA !== scoreB) return scoreA < scoreB;
      if (created[a] !== created[b]) return (created[a] as number) < (created[b] as number);
      return numberA < numberB;
    };
    const best = keepBest(candidates, limit, worse).sort((a, b) => (worse(a, b) ? 1 : -1));
    const keys = best.map((index) => {
      const number = numbers[index] as number;
      const value = score[number] as number;
      return {
        exchange: tierOf(flags[number] as number),
        shared: value >> 8,
        related: value & 255,
        created: created[index] as number,
        number,
      };
    });
    for (const number of numbers) {
      score[number] = 0;
      stamp[number] = 0;
      flags[number] = 0;
    }
    for (const list of lists) for (const number of list.numbers) stamp[number] = 0;
    return { horizon, keys, exhausted: candidates.length <= limit };
  }
}
