import { vocabulary } from "../skills/vocabulary.ts";

// The relations between canonical skills as the feed reads them, from the vocabulary in memory
// (the same one the database's skill_relations is loaded from at start).

/** Each canonical skill's related canonical skills (a framework to its language), both ways. */
let relatedByCanonical: Map<string, Set<string>> | undefined;

export function relationsOf(canonical: string): ReadonlySet<string> {
  if (!relatedByCanonical) {
    relatedByCanonical = new Map();
    for (const [from, to] of vocabulary().relations) {
      const set = relatedByCanonical.get(from) ?? new Set<string>();
      set.add(to);
      relatedByCanonical.set(from, set);
    }
  }
  return relatedByCanonical.get(canonical) ?? new Set();
}

/** The canonical skills related to one of the viewer's `canonical` skills, and not theirs. */
export function relatedSkills(canonical: readonly string[]): string[] {
  const mine = new Set(canonical);
  const related = new Set<string>();
  for (const skill of canonical) {
    for (const other of relationsOf(skill)) if (!mine.has(other)) related.add(other);
  }
  return [...related];
}
