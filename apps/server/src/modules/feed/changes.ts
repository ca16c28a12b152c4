import type { Database } from "../../db/client.ts";
import { type PersonChange, readChanges, readPeople } from "./page-repository.ts";
import { type Person, personOf, Recent } from "./people.ts";

// What one server process knows of people: the cards it has read (a bounded cache), and the
// recent changes to anyone's card (people_changes), which it applies over the rankings made
// before them (engine.ts). Neither grows with the number of people.
//
// Changes are written at commit with no lock, so they become visible in any order. The log
// reads them by transaction id: a statement whose snapshot's oldest running transaction is
// `xmin` sees every change of a transaction below `xmin` that will ever be written. So once a
// process has read, in one statement, the changes from its `horizon` on, it knows every change
// below that statement's `xmin`, which becomes its horizon. Every page's check reads the changes
// from the process's horizon on in the same statement (usually none, or the few since the last
// page), so a page never waits for another read.

/** The most changes a process keeps; past it, it keeps the newer half. */
const MAX_CHANGES = 12_000;
/** What the cards a process keeps may take together. */
const CARDS_BYTES = 48 * 2 ** 20;
/** A log that has not read for this long starts again (pruning may have passed it). */
const IDLE_MS = 20 * 60 * 1000;

export type LoggedChange = {
  seq: number;
  txid: number;
  number: number;
  /** Null: the person was deleted. */
  person: Person | null;
};

export class ChangeLog {
  /** Every change of a transaction below it is known; -1 before the first read. */
  private horizon = -1;
  /** Every change of a transaction from `floor` on is in `changes`. */
  floor = Number.POSITIVE_INFINITY;
  /** The changes read, in reading order (roughly by transaction). */
  changes: LoggedChange[] = [];
  /** The changes read of transactions from the horizon on: seq → txid. */
  private readonly seen = new Map<number, number>();
  /** Raised whenever `changes` loses or gains entries other than at its end. */
  epoch = 0;
  private starting: Promise<void> | undefined;
  private lastRead = 0;
  readonly cards = new Recent<Person>(CARDS_BYTES, (person) => person.bytes);

  /** The horizon a page's check reads changes from. */
  checkHorizon(): number {
    return this.horizon < 0 ? Number.MAX_SAFE_INTEGER : this.horizon;
  }

  /**
   * Takes in what a page's check read: the changes from its horizon on, the oldest transaction
   * still running then (`xmin`), and below which transaction changes were pruned.
   */
  async absorb(
    db: Database,
    read: { changes: PersonChange[]; xmin: number; pruned: number },
    now: number,
  ): Promise<void> {
    if (this.horizon >= 0 && (read.pruned > this.horizon || now - this.lastRead > IDLE_MS)) {
      this.reset();
    }
    if (this.horizon < 0) {
      // The first read: from the oldest transaction running now on.
      this.starting ??= this.start(db, read.xmin).finally(() => {
        this.starting = undefined;
      });
      await this.starting;
      return;
    }
    this.take(read.changes, read.xmin);
  }

  private async start(db: Database, from: number): Promise<void> {
    const { xmin, changes } = await readChanges(db, from, null);
    this.floor = Math.min(this.floor, from);
    this.horizon = Math.max(this.horizon, from);
    this.take(changes, xmin);
  }

  private take(changes: readonly PersonChange[], xmin: number): void {
    this.lastRead = Date.now();
    for (const change of changes) {
      if (!this.seen.has(change.seq)) this.apply(change, "end");
    }
    if (xmin > this.horizon) {
      this.horizon = xmin;
      for (const [seq, txid] of this.seen) if (txid < xmin) this.seen.delete(seq);
    }
    this.trim();
  }

  private reset(): void {
    this.horizon = -1;
    this.floor = Number.POSITIVE_INFINITY;
    this.changes = [];
    this.seen.clear();
    this.cards.clear();
    this.epoch++;
  }

  /** Reads the changes of transactions from `from` up to the floor: a ranking made before. */
  async readOlder(db: Database, from: number): Promise<void> {
    if (from >= this.floor) return;
    const { changes } = await readChanges(db, from, this.floor);
    const older: LoggedChange[] = [];
    for (const change of changes) {
      const logged = this.apply(change, "none");
      if (logged) older.push(logged);
    }
    this.changes = [...older, ...this.changes];
    this.floor = Math.min(this.floor, from);
    this.epoch++;
    this.trim();
  }

  private apply(change: PersonChange, where: "end" | "none"): LoggedChange | undefined {
    if (change.number === null) return undefined;
    if (change.txid >= this.horizon) this.seen.set(change.seq, change.txid);
    // Of two reads of one person, the one made with the later change wins.
    const known = this.cards.get(change.number);
    let person: Person | null = change.person ? personOf(change.person, change.seq) : null;
    if (known && known.changeSeq > change.seq) person = known;
    else if (person) this.cards.set(person.number, person);
    else this.cards.delete(change.number);
    const logged = { seq: change.seq, txid: change.txid, number: change.number, person };
    if (where === "end") this.changes.push(logged);
    return logged;
  }

  private trim(): void {
    if (this.changes.length <= MAX_CHANGES) return;
    const dropped = this.changes.splice(0, this.changes.length - MAX_CHANGES / 2);
    let floor = this.floor;
    for (const change of dropped) floor = Math.max(floor, change.txid + 1);
    this.floor = floor;
    this.epoch++;
  }

  /** The people with these numbers, from the cache or read (missing: deleted). */
  async people(db: Database, numbers: readonly number[]): Promise<Map<number, Person>> {
    const found = new Map<number, Person>();
    const missing: number[] = [];
    for (const number of numbers) {
      const person = this.cards.get(number);
      if (person) found.set(number, person);
      else missing.push(number);
    }
    if (missing.length > 0) {
      for (const row of await readPeople(db, missing)) {
        // A change read meanwhile is as new as this read or newer: it stays.
        const person = this.cards.get(Number(row.number)) ?? personOf(row);
        this.cards.set(person.number, person);
        found.set(person.number, person);
      }
    }
    return found;
  }
}
