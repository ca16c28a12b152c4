import { canonicalSkill, vocabulary } from "../skills/vocabulary.ts";

// The viewer's skills as the feed reads them, from the vocabulary in memory (the same one the
// database's skill_aliases and skill_relations are loaded from at start, and user_skills.canonical
// follows): the viewer's canonical skills, the canonical skills related to them, and every stored
// spelling (user_skills.skill) of either. Working these out here keeps two scans of the vocabulary
// tables and their joins out of every statement that builds the queue.

/** Each canonical skill's related canonical skills (a framework to its language), both ways. */
let relatedByCanonical: Map<string, Set<string>> | undefined;
/** Each canonical skill's spellings as user_skills.skill stores them (its own key included). */
let spellingsByCanonical: Map<string, string[]> | undefined;

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

/** The keys naming a canonical skill; a skill the vocabulary does not know is its own only key. */
function spellingsOf(canonical: string): readonly string[] {
  if (!spellingsByCanonical) {
    spellingsByCanonical = new Map();
    for (const [alias, target] of vocabulary().aliases) {
      const list = spellingsByCanonical.get(target) ?? [];
      list.push(alias);
      spellingsByCanonical.set(target, list);
    }
  }
  return spellingsByCanonical.get(canonical) ?? [canonical];
}

/** One range of user_skills_skill_created_idx the ranking reads: a spelling and what it names. */
export type SkillRange = { skill: string; canonical: string; shared: boolean };

export type ViewerSkillSets = {
  /** The viewer's canonical skills. */
  shared: string[];
  /** Canonical skills related to one of the viewer's, not the viewer's own. */
  related: string[];
  /** Every spelling of either kind (whether anyone has it is checked in SQL). */
  ranges: SkillRange[];
};

/** The viewer's skill sets from their skills as typed (users.skills). */
export function viewerSkillSets(typed: readonly string[]): ViewerSkillSets {
  const shared = [...new Set(typed.map(canonicalSkill))].filter(Boolean);
  const mine = new Set(shared);
  const related = new Set<string>();
  for (const canonical of shared) {
    for (const other of relationsOf(canonical)) if (!mine.has(other)) related.add(other);
  }
  const ranges: SkillRange[] = [];
  for (const [list, isShared] of [
    [shared, true],
    [[...related], false],
  ] as const) {
    for (const canonical of list) {
      for (const skill of spellingsOf(canonical))
        ranges.push({ skill, canonical, shared: isShared });
    }
  }
  return { shared, related: [...related], ranges };
}
