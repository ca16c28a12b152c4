import { type AgeBand, ageBandOf } from "@kindred/shared";
import { canonicalSkill } from "../skills/vocabulary.ts";
import { rowToCard } from "../users/card.ts";
import { skillsKeyOf } from "./cursor.ts";
import type { PersonRow } from "./page-repository.ts";

// A person as the feed works with them: their card's JSON, written once and shared by every
// viewer, their canonical skills, and what decides who may see them.

export type Person = {
  /** Their feed number (users.feed_number): rankings name people by it. */
  number: number;
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
  /** The card's JSON for a viewer it shares no skill with, but for the exchange and the brace. */
  nothingShared: string;
  /** Their canonical skills, once each. */
  canonical: string[];
  /** What they want to learn, as typed, in their order. */
  learning: string[];
  /** The canonical skills they want to learn, once each. */
  learningCanonical: string[];
  /**
   * What a ranking for them as a viewer is made for (skillsKeyOf over what they know and what
   * they want to learn).
   */
  skillsKey: number;
  /** The university on their card (users.campus); null: none. */
  campus: string | null;
  /** 13-17 or 18+; null without an age: then they meet nobody, as viewer or as card. */
  band: AgeBand | null;
  /** Banned or held for review: shown to nobody. */
  hidden: boolean;
  /** Suspended until then (milliseconds since the epoch; 0: not suspended): shown after it. */
  suspendedUntil: number;
  /** About how many bytes the person takes in memory, for the cache's limit. */
  bytes: number;
  /** The change this card was read with (people_changes.seq); 0: read otherwise. */
  changeSeq: number;
};

/** The comparison of a card that shares no skill with the viewer (the exchange follows it). */
const NOTHING_SHARED =
  ',"matchingSkills":[],"related":[],"sharedInYourWords":[],"relatedToYours":[]';

/** What a person's canonical skills and learning name as a viewer's ranking key. */
export function viewerKeyOf(canonical: readonly string[], learning: readonly string[]): number {
  return skillsKeyOf([...canonical, ...learning.map((skill) => `\u0001learn:${skill}`)]);
}

export function personOf(row: PersonRow, changeSeq = 0): Person {
  const canonicalOfEach = row.skills.map(canonicalSkill);
  const canonical = [...new Set(canonicalOfEach)].filter(Boolean);
  const learning = row.learning ?? [];
  const learningCanonical = [...new Set(learning.map(canonicalSkill))].filter(Boolean);
  const cardHead = JSON.stringify(rowToCard(row)).slice(0, -1);
  return {
    number: Number(row.number),
    id: row.id,
    created: Number(row.created),
    cardHead,
    skills: row.skills,
    canonicalOfEach,
    quoted: row.skills.map((skill) => JSON.stringify(skill)),
    nothingShared: cardHead + NOTHING_SHARED,
    canonical,
    learning,
    learningCanonical,
    campus: row.campus ?? null,
    skillsKey: viewerKeyOf(canonical, learningCanonical),
    band: ageBandOf(row.age),
    hidden: row.hidden === true,
    suspendedUntil: row.suspendedUntil === null ? 0 : Number(row.suspendedUntil),
    bytes: 2 * (cardHead.length * 2 + 64 * (row.skills.length + learning.length)) + 200,
    changeSeq,
  };
}

/** A map that forgets its least recently used entries beyond a total size. */
export class Recent<V> {
  private readonly map = new Map<string | number, { value: V; size: number }>();
  private total = 0;
  constructor(
    private readonly limit: number,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {}
  get(key: string | number): V | undefined {
    const entry = this.map.get(key);
    if (entry !== undefined) {
      this.map.delete(key);
      this.map.set(key, entry);
    }
    return entry?.value;
  }
  set(key: string | number, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    this.map.set(key, { value, size });
    this.total += size;
    for (const [oldest, entry] of this.map) {
      if (this.total <= this.limit || this.map.size === 1) break;
      this.map.delete(oldest);
      this.total -= entry.size;
    }
  }
  delete(key: string | number): void {
    const entry = this.map.get(key);
    if (entry === undefined) return;
    this.map.delete(key);
    this.total -= entry.size;
  }
  clear(): void {
    this.map.clear();
    this.total = 0;
  }
  get size(): number {
    return this.map.size;
  }
}
