import type { Database } from "../../db/client.ts";
import type { SessionKey } from "../../plugins/session.ts";
import { ChangeLog } from "./changes.ts";
import type { FeedCursor, RankKey } from "./cursor.ts";
import {
  changesOf,
  type FeedCheckRow,
  type PersonChange,
  readFeedCheck,
  readPartners,
  readRanking,
  readViewerCheck,
} from "./page-repository.ts";
import { type Person, Recent } from "./people.ts";
import { type FeedFilters, Postings } from "./postings.ts";
import {
  CHUNK,
  extendedRanking,
  keyAt,
  makeRanking,
  type Ranking,
  rankingKeyOf,
  unpack,
} from "./rankings.ts";
import { comparisonWriter, exchangeBetween } from "./skills-comparison.ts";
import { relatedSkills } from "./viewer-skills.ts";

// The feed of one server process (decision 126). Each viewer's ranking is made in the database a
// chunk at a time and kept there (rankings.ts); the changes to anyone's card since it was made
// are merged over it on every page (changes.ts), so an edit, a newcomer, a suspension or a
// deletion shows on the very next page in every process, and a change costs each viewer only
// its own entry. The process keeps bounded caches only: cards, rankings, the viewers' requests
// and blocks, and the recent changes. A page's one statement checks the session and says how
// far each must catch up (page-repository.ts).

/** What the rankings a process keeps may take together. */
const RANKINGS_BYTES = 32 * 2 ** 20;
/** Past this many changes since a ranking was made, it is made again, in the background. */
const REMAKE_AFTER_CHANGES = 5_000;
/** Past this many, it is made again before the page. */
const REMAKE_NOW_AFTER_CHANGES = 20_000;
const MAX_SCORE = 65_535;

/**
 * A page: each card as JSON text (in the contract's shape and order), and the next cursor;
 * `needsAge` when the viewer has no age (they meet nobody until they give one).
 */
export type FeedPage = { cards: string[]; next: FeedCursor | null; needsAge?: true };

/**
 * `now`: the app's clock in milliseconds, against which suspensions end; `filters`: only people
 * who know `teaches` and want to learn `learns` (canonical skills; null: no filter), and with
 * `campusOnly`, of the viewer's university (none when the viewer has none).
 */
export type PageRequest = {
  cursor: FeedCursor | null;
  offset: number;
  limit: number;
  now: number;
  filters?: { teaches: string | null; learns: string | null; campusOnly?: boolean };
};

/** A page's check: its first row, and the card changes it read. */
export type FeedCheck = { row: FeedCheckRow; changes: PersonChange[] };

/** A changed person as a viewer's ranking places them. */
type Placed = RankKey & { person: Person };

/**
 * The changes since a viewer's ranking was made, as it places them: `changed` holds everyone
 * changed (null: deleted, or no longer in the viewer's band or sight), `placed` those who are
 * in it, in ranking order.
 */
type Delta = {
  version: number;
  epoch: number;
  upTo: number;
  changed: Map<number, Placed | null>;
  placed: Placed[] | undefined;
};

/** Whether `a` comes before `b` in a ranking. */
function before(a: RankKey, b: RankKey): boolean {
  if (a.exchange !== b.exchange) return a.exchange > b.exchange;
  if (a.shared !== b.shared) return a.shared > b.shared;
  if (a.related !== b.related) return a.related > b.related;
  if (a.created !== b.created) return a.created > b.created;
  return a.number > b.number;
}

/** The first index in [0, length) whose key does not come before `key` (keys in order). */
function firstAfter(length: number, keyOf: (index: number) => RankKey, key: RankKey): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (!before(key, keyOf(middle))) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A cursor's newcomers when there are none to welcome (a filtered feed has no newcomers part). */
const NO_NEWCOMERS = { created: 0, number: Number.MAX_SAFE_INTEGER };

/** Whether a person may be on the viewer's page at `now` (their band, in sight, no relation). */
function shownTo(viewer: Person, partners: ReadonlySet<string>, now: number) {
  return (person: Person) =>
    person.band === viewer.band &&
    !person.hidden &&
    person.suspendedUntil <= now &&
    person.number !== viewer.number &&
    !partners.has(person.id);
}

type ViewerSets = { mine: Set<string>; related: Set<string>; learning: Set<string> };

function viewerSets(viewer: Person): ViewerSets {
  return {
    mine: new Set(viewer.canonical),
    related: new Set(relatedSkills(viewer.canonical)),
    learning: new Set(viewer.learningCanonical),
  };
}

/** Where the person's card as it is now places them in the viewer's ranking. */
function placeOf(viewer: Person, person: Person, sets = viewerSets(viewer)): RankKey {
  let shared = 0;
  let near = 0;
  let teaches = false;
  for (const skill of person.canonical) {
    if (sets.learning.has(skill)) teaches = true;
    if (sets.mine.has(skill)) shared++;
    else if (sets.related.has(skill)) near++;
  }
  const learns = teaches && person.learningCanonical.some((skill) => sets.mine.has(skill));
  return {
    exchange: teaches ? (learns ? 2 : 1) : 0,
    shared: Math.min(255, shared),
    related: Math.min(255, near),
    created: person.created,
    number: person.number,
  };
}

export class Feed {
  /** `chunk`: how many people each chunk of a ranking adds. */
  constructor(private readonly chunk = CHUNK) {}

  private readonly log = new ChangeLog();
  private readonly postings = new Postings();
  private readonly rankings = new Recent<Ranking>(RANKINGS_BYTES, (ranking) => ranking.bytes);
  private readonly partners = new Recent<{ version: number; ids: Set<string> }>(20_000);
  private readonly deltas = new Recent<Delta>(2_000);
  private readonly making = new Map<string, Promise<Ranking>>();
  private readonly underWay = new Set<Promise<unknown>>();
  private readonly comparisons = new Recent<{
    skillsKey: number;
    write: ReturnType<typeof comparisonWriter>;
  }>(2_000);

  /** A page's one statement (null: the session ended or expired). */
  async check(db: Database, session: SessionKey): Promise<FeedCheck | null> {
    const rows = await readFeedCheck(db, session, this.log.checkHorizon());
    const [row] = rows;
    if (!row) return null;
    return { row, changes: changesOf(rows) };
  }

  /** A page's statement for a viewer named by id (the daily picks); null: no such account. */
  async checkViewer(db: Database, viewerId: string): Promise<FeedCheck | null> {
    const rows = await readViewerCheck(db, viewerId, this.log.checkHorizon());
    const [row] = rows;
    if (!row || row.viewerNumber === null) return null;
    return { row, changes: changesOf(rows) };
  }

  /** Keeps work of this feed that nobody awaits until it ends (`settled` waits for it). */
  track(work: Promise<unknown>): void {
    this.underWay.add(work);
    work.finally(() => this.underWay.delete(work)).catch(() => undefined);
  }

  /** How much work kept by `track` is under way. */
  get pending(): number {
    return this.underWay.size;
  }

  /** Resolves once the work kept by `track` has ended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.underWay]);
  }

  /**
   * Makes the viewer's ranking ahead of their first page (the sign-in's job): nothing when a
   * ranking fit for them is kept already, or when they meet nobody (no account, no age).
   * Resolves true when it made one.
   */
  async prepare(db: Database, viewerId: string): Promise<boolean> {
    const check = await this.checkViewer(db, viewerId);
    if (!check) return false;
    const { row } = check;
    const viewer = await this.caughtUp(db, check);
    if (!viewer || viewer.band === null) return false;
    if (await this.keptRanking(db, viewer, row)) return false;
    await this.remake(db, viewer);
    return true;
  }

  /**
   * The cards of the people with these feed numbers for the viewer, in the order given, as far
   * as the viewer may see them now (their band, in sight, no request or block between them).
   */
  async cardsOf(
    db: Database,
    check: FeedCheck,
    numbers: readonly number[],
    now: number,
  ): Promise<string[]> {
    const { row } = check;
    const viewer = await this.caughtUp(db, check);
    if (!viewer || viewer.band === null) return [];
    const shown = shownTo(viewer, await this.partnersOf(db, row), now);
    const people = await this.log.people(db, numbers);
    const picked: { person: Person; key: RankKey }[] = [];
    for (const number of numbers) {
      const person = people.get(number);
      if (person && shown(person)) picked.push({ person, key: placeOf(viewer, person) });
    }
    return this.cardsFor(viewer, picked);
  }

  /**
   * A page of the viewer's feed. Everyone but the viewer and their partners, in the ranking's
   * order from the cursor; people who joined after the ranking started (after
   * `cursor.startedAt`) come first, oldest first, so nobody who joins is left for the end of a
   * long ranking. An empty page when the viewer's account has gone since the check.
   */
  async page(db: Database, check: FeedCheck, request: PageRequest): Promise<FeedPage> {
    const { row } = check;
    const viewer = await this.caughtUp(db, check);
    if (!viewer) return { cards: [], next: null };
    if (viewer.band === null) return { cards: [], next: null, needsAge: true };
    const partners = await this.partnersOf(db, row);
    const { filters } = request;
    if (filters?.campusOnly && !viewer.campus) return { cards: [], next: null };
    if (filters && (filters.teaches || filters.learns || filters.campusOnly)) {
      return this.filteredPage(db, viewer, partners, request, {
        teaches: filters.teaches,
        learns: filters.learns,
        campus: filters.campusOnly ? viewer.campus : null,
      });
    }
    let ranking = await this.rankingOf(db, viewer, row);
    let delta = this.deltaOf(viewer, ranking);
    if (delta.changed.size > REMAKE_NOW_AFTER_CHANGES) {
      ranking = await this.remake(db, viewer);
      delta = this.deltaOf(viewer, ranking);
    } else if (delta.changed.size > REMAKE_AFTER_CHANGES) {
      this.remake(db, viewer).catch(() => undefined);
    }
    let placed = this.placedOf(delta);

    // A cursor made for other skills (the viewer edited theirs): the new ranking, from its top.
    const cursor = request.cursor?.skillsKey === viewer.skillsKey ? request.cursor : null;
    let startedAt = ranking.startedAt;
    for (const person of placed) startedAt = Math.max(startedAt, person.created);
    if (cursor) startedAt = cursor.startedAt;
    const { limit, now } = request;
    const shown = shownTo(viewer, partners, now);
    const picked: { person: Person; key: RankKey }[] = [];

    // Newcomers: joined after the ranking started, and not yet shown; oldest first.
    let welcomed = cursor?.welcomed ?? { created: startedAt, number: Number.MAX_SAFE_INTEGER };
    if (cursor) {
      const joined: Placed[] = placed.filter(
        (person) =>
          person.created > welcomed.created ||
          (person.created === welcomed.created && person.number > welcomed.number),
      );
      if (ranking.startedAt > startedAt) {
        // Made again since the cursor's ranking started: its own newcomers are in it.
        const everyone = await this.log.people(db, this.newerIn(ranking, welcomed, delta));
        for (const person of everyone.values()) {
          const index = this.indexIn(ranking, person.number);
          if (index >= 0) joined.push({ ...keyAt(ranking, index), person });
        }
      }
      joined.sort((a, b) => a.created - b.created || a.number - b.number);
      for (const person of joined) {
        if (picked.length >= limit) break;
        welcomed = { created: person.created, number: person.number };
        if (shown(person.person)) picked.push({ person: person.person, key: person });
      }
    }

    // The ranking, after the cursor's place in it, among those who were there when it started.
    let skip = cursor ? 0 : request.offset;
    let after: RankKey | null = cursor?.last ?? null;
    for (let round = 0; picked.length < limit && round < 50; round++) {
      const wanted = (limit - picked.length + skip) * 2 + 8;
      const { keys, end } = this.merged(ranking, delta, placed, after, startedAt, wanted);
      if (keys.length === 0) {
        if (end === "complete") break;
        const longer = await this.extend(db, viewer, ranking);
        if (!longer) break;
        ranking = longer;
        delta = this.deltaOf(viewer, ranking);
        placed = this.placedOf(delta);
        continue;
      }
      const people = await this.log.people(
        db,
        keys.map((key) => key.number),
      );
      for (const key of keys) {
        if (picked.length >= limit) break;
        after = key;
        const person = people.get(key.number);
        if (!person || !shown(person)) continue;
        if (skip > 0) {
          skip--;
          continue;
        }
        picked.push({ person, key });
      }
    }
    if (!ranking.complete && after && this.remaining(ranking, after) < this.chunk / 2) {
      this.extend(db, viewer, ranking).catch(() => undefined);
    }

    const next: FeedCursor | null =
      picked.length === limit
        ? {
            skillsKey: viewer.skillsKey,
            startedAt,
            last: after ?? {
              exchange: 2,
              shared: MAX_SCORE,
              related: MAX_SCORE,
              created: 0,
              number: 0,
            },
            welcomed,
          }
        : null;
    return { cards: this.cardsFor(viewer, picked), next };
  }

  /**
   * A page of the feed among the people the filters keep, in the ranking's order from the
   * cursor, counted over the skill lists of the viewer and of the filters (postings.ts), which
   * are up to a minute old: each person is checked as their card is now before they are shown.
   */
  private async filteredPage(
    db: Database,
    viewer: Person,
    partners: Set<string>,
    request: PageRequest,
    filters: FeedFilters,
  ): Promise<FeedPage> {
    const { limit, now, cursor } = request;
    const fromHere = cursor?.skillsKey === viewer.skillsKey ? cursor : null;
    const shown = shownTo(viewer, partners, now);
    const kept = (person: Person) =>
      (!filters.teaches || person.canonical.includes(filters.teaches)) &&
      (!filters.learns || person.learningCanonical.includes(filters.learns)) &&
      (!filters.campus || person.campus === filters.campus);
    const picked: { person: Person; key: RankKey }[] = [];
    let skip = fromHere ? 0 : request.offset;
    let after: RankKey | null = fromHere?.last ?? null;
    for (let round = 0; picked.length < limit && round < 20; round++) {
      const found = await this.postings.filtered(
        db,
        {
          mine: viewer.canonical,
          related: relatedSkills(viewer.canonical),
          learning: viewer.learningCanonical,
          adult: viewer.band === "adult",
          viewerNumber: viewer.number,
          after,
          limit: (limit - picked.length + skip) * 2 + 8,
        },
        filters,
      );
      const people = await this.log.people(
        db,
        found.keys.map((key) => key.number),
      );
      for (const key of found.keys) {
        if (picked.length >= limit) break;
        after = key;
        const person = people.get(key.number);
        if (!person || !shown(person) || !kept(person)) continue;
        if (skip > 0) {
          skip--;
          continue;
        }
        picked.push({ person, key: placeOf(viewer, person) });
      }
      if (found.exhausted && picked.length < limit) break;
    }
    const next: FeedCursor | null =
      picked.length === limit && after
        ? { skillsKey: viewer.skillsKey, startedAt: 0, last: after, welcomed: NO_NEWCOMERS }
        : null;
    return { cards: this.cardsFor(viewer, picked), next };
  }

  /**
   * Up to `wanted` keys after `after`, in ranking order: the ranking's entries not changed since
   * it was made, and the changed people it places now, among those created by `startedAt`.
   * `end`: "complete" when nobody comes after the last key; "more" when the ranking's stored
   * part ran out before `wanted` (the next chunk decides).
   */
  private merged(
    ranking: Ranking,
    delta: Delta,
    placed: readonly Placed[],
    after: RankKey | null,
    startedAt: number,
    wanted: number,
  ): { keys: RankKey[]; end: "complete" | "more" | "wanted" } {
    let at = after ? firstAfter(ranking.length, (index) => keyAt(ranking, index), after) : 0;
    let atPlaced = after ? firstAfter(placed.length, (index) => placed[index] as Placed, after) : 0;
    const keys: RankKey[] = [];
    while (keys.length < wanted) {
      while (at < ranking.length && delta.changed.has(ranking.numbers[at] as number)) at++;
      while (atPlaced < placed.length && (placed[atPlaced] as Placed).created > startedAt) {
        atPlaced++;
      }
      const fromRanking = at < ranking.length ? keyAt(ranking, at) : null;
      const fromPlaced = atPlaced < placed.length ? (placed[atPlaced] as Placed) : null;
      if (!fromRanking && (!ranking.complete || !fromPlaced)) {
        return { keys, end: ranking.complete ? "complete" : "more" };
      }
      if (fromRanking && (!fromPlaced || before(fromRanking, fromPlaced))) {
        at++;
        if (fromRanking.created <= startedAt) keys.push(fromRanking);
      } else if (fromPlaced) {
        atPlaced++;
        keys.push({
          exchange: fromPlaced.exchange,
          shared: fromPlaced.shared,
          related: fromPlaced.related,
          created: fromPlaced.created,
          number: fromPlaced.number,
        });
      }
    }
    return { keys, end: "wanted" };
  }

  /** How many of the ranking's stored entries come after `after`. */
  private remaining(ranking: Ranking, after: RankKey): number {
    return ranking.length - firstAfter(ranking.length, (index) => keyAt(ranking, index), after);
  }

  /** The numbers of the ranking's people created after `welcomed`, unchanged since it was made. */
  private newerIn(ranking: Ranking, welcomed: { created: number; number: number }, delta: Delta) {
    const numbers: number[] = [];
    for (let index = 0; index < ranking.length; index++) {
      const created = ranking.created[index] as number;
      const number = ranking.numbers[index] as number;
      if (delta.changed.has(number)) continue;
      if (created > welcomed.created || (created === welcomed.created && number > welcomed.number))
        numbers.push(number);
    }
    return numbers;
  }

  private indexIn(ranking: Ranking, number: number): number {
    return ranking.numbers.indexOf(number);
  }

  /** Takes in the changes the check read, then the viewer as this process now knows them. */
  private async caughtUp(db: Database, check: FeedCheck): Promise<Person | undefined> {
    const { row } = check;
    await this.log.absorb(
      db,
      { changes: check.changes, xmin: Number(row.xmin), pruned: Number(row.pruned) },
      Date.now(),
    );
    if (row.viewerNumber === null) return undefined;
    const number = Number(row.viewerNumber);
    return (await this.log.people(db, [number])).get(number);
  }

  private async partnersOf(db: Database, row: FeedCheckRow): Promise<Set<string>> {
    const version = Number(row.relations);
    const known = this.partners.get(row.viewerId);
    if (known && known.version === version) return known.ids;
    const read = await readPartners(db, row.viewerId);
    const entry = { version: read.version, ids: new Set(read.ids) };
    this.partners.set(row.viewerId, entry);
    return entry.ids;
  }

  /** The viewer's ranking: cached, read, or made when there is none fit for them. */
  private async rankingOf(db: Database, viewer: Person, row: FeedCheckRow): Promise<Ranking> {
    const ranking = (await this.keptRanking(db, viewer, row)) ?? (await this.remake(db, viewer));
    if (ranking.horizon < this.log.floor) await this.log.readOlder(db, ranking.horizon);
    return ranking;
  }

  /** The viewer's ranking as cached or stored, when it is fit for them (their skills and band). */
  private async keptRanking(
    db: Database,
    viewer: Person,
    row: FeedCheckRow,
  ): Promise<Ranking | undefined> {
    let ranking = this.rankings.get(viewer.id);
    if (!ranking || String(ranking.version) !== row.ranking) {
      const stored = row.ranking === null ? null : await readRanking(db, viewer.id);
      ranking = stored ? unpack(stored) : undefined;
      if (ranking) this.rankings.set(viewer.id, ranking);
    }
    const fit =
      ranking && ranking.key === rankingKeyOf(viewer) && ranking.horizon >= Number(row.pruned);
    return fit ? ranking : undefined;
  }

  /** Makes the viewer's ranking again (once at a time per viewer in this process). */
  private remake(db: Database, viewer: Person): Promise<Ranking> {
    let making = this.making.get(viewer.id);
    if (!making) {
      making = makeRanking(db, this.postings, viewer, this.chunk)
        .then((ranking) => {
          this.rankings.set(viewer.id, ranking);
          return ranking;
        })
        .finally(() => this.making.delete(viewer.id));
      this.making.set(viewer.id, making);
    }
    return making;
  }

  /**
   * The ranking with its next chunk (or as another process saved it since), or null when nobody
   * comes after it.
   */
  private async extend(db: Database, viewer: Person, ranking: Ranking): Promise<Ranking | null> {
    if (ranking.complete) return null;
    const key = `${viewer.id}+${ranking.version}`;
    let making = this.making.get(key);
    if (!making) {
      making = (async () => {
        const longer = await extendedRanking(db, this.postings, viewer, ranking, this.chunk);
        const saved =
          longer ?? (await readRanking(db, viewer.id).then((row) => row && unpack(row)));
        if (saved) this.rankings.set(viewer.id, saved);
        return saved ?? ranking;
      })().finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    const result = await making;
    return result.version === ranking.version ? null : result;
  }

  /** The changes since the ranking was made, as it places them, brought up to date. */
  private deltaOf(viewer: Person, ranking: Ranking): Delta {
    const { log } = this;
    let delta = this.deltas.get(viewer.id);
    if (!delta || delta.version !== ranking.version || delta.epoch !== log.epoch) {
      delta = {
        version: ranking.version,
        epoch: log.epoch,
        upTo: 0,
        changed: new Map(),
        placed: [],
      };
      this.deltas.set(viewer.id, delta);
    }
    if (delta.upTo === log.changes.length) return delta;
    const sets = viewerSets(viewer);
    for (let index = delta.upTo; index < log.changes.length; index++) {
      const change = log.changes[index];
      if (!change || change.txid < ranking.horizon || change.number === viewer.number) continue;
      const person = change.person;
      if (!person || person.band !== viewer.band || person.hidden) {
        delta.changed.set(change.number, null);
        continue;
      }
      delta.changed.set(change.number, { ...placeOf(viewer, person, sets), person });
    }
    delta.upTo = log.changes.length;
    delta.placed = undefined;
    return delta;
  }

  private placedOf(delta: Delta): Placed[] {
    if (!delta.placed) {
      const placed: Placed[] = [];
      for (const entry of delta.changed.values()) if (entry) placed.push(entry);
      placed.sort((a, b) => (before(a, b) ? -1 : 1));
      delta.placed = placed;
    }
    return delta.placed;
  }

  /** Each picked person's card as JSON, with what they share with the viewer and can trade. */
  private cardsFor(viewer: Person, picked: readonly { person: Person; key: RankKey }[]): string[] {
    const compare = this.comparisonOf(viewer);
    return picked.map(({ person, key }) => {
      const comparison =
        key.shared === 0 && key.related === 0
          ? person.nothingShared
          : person.cardHead + compare(person.canonicalOfEach, person.quoted);
      const exchange = exchangeBetween(viewer, person);
      return `${comparison},"exchange":${JSON.stringify(exchange)}}`;
    });
  }

  private comparisonOf(viewer: Person) {
    const known = this.comparisons.get(viewer.id);
    if (known && known.skillsKey === viewer.skillsKey) return known.write;
    const write = comparisonWriter(viewer.skills);
    this.comparisons.set(viewer.id, { skillsKey: viewer.skillsKey, write });
    return write;
  }
}
