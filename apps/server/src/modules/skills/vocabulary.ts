import { normalizeSkill, SKILL_MAX_LENGTH } from "@kindred/shared";
import { LINGUIST_LANGUAGES } from "./linguist-languages.ts";
import { HAND_WRITTEN_SKILLS, type VocabularyEntry } from "./vocabulary-data.ts";

// The skill vocabulary in memory, built once from the data files: which canonical skill each
// normalised alias names, each canonical skill's display name and aliases, and the relations.

/** A canonical skill as the tag input shows it. */
export type CanonicalSkill = { name: string; aliases: string[] };

export type Vocabulary = {
  /** Normalised alias → canonical key; every canonical key is also an alias of itself. */
  aliases: Map<string, string>;
  /** Canonical key → its display name and its aliases as written in the data. */
  skills: Map<string, CanonicalSkill>;
  /** [canonical, related] pairs, both ways round. */
  relations: [string, string][];
};

/** Cuts a key to the column's length, by characters (as varchar counts them). */
export function clipSkill(key: string): string {
  const characters = Array.from(key);
  return characters.length <= SKILL_MAX_LENGTH
    ? key
    : characters.slice(0, SKILL_MAX_LENGTH).join("");
}

/** The key a typed skill is stored under (user_skills.skill): normalised, at most 30 characters. */
export function skillKey(typed: string): string {
  return clipSkill(normalizeSkill(typed));
}

export function buildVocabulary(
  entries: readonly VocabularyEntry[] = [...HAND_WRITTEN_SKILLS, ...LINGUIST_LANGUAGES],
): Vocabulary {
  const aliases = new Map<string, string>();
  const skills = new Map<string, CanonicalSkill>();
  const fits = (text: string) => text.length > 0 && Array.from(text).length <= SKILL_MAX_LENGTH;
  // Names first, so an alias never takes another skill's name; earlier entries win after that.
  for (const entry of entries) {
    const key = normalizeSkill(entry.name);
    if (!fits(key) || aliases.has(key)) continue;
    aliases.set(key, key);
    skills.set(key, { name: entry.name, aliases: [] });
  }
  for (const entry of entries) {
    const key = normalizeSkill(entry.name);
    const skill = skills.get(key);
    if (!skill) continue;
    for (const alias of entry.aliases ?? []) {
      const aliasKey = normalizeSkill(alias);
      if (!fits(aliasKey)) continue;
      if (!aliases.has(aliasKey)) aliases.set(aliasKey, key);
      if (aliases.get(aliasKey) === key && aliasKey !== key && !skill.aliases.includes(alias)) {
        skill.aliases.push(alias);
      }
    }
  }
  const pairs = new Set<string>();
  const relations: [string, string][] = [];
  for (const entry of entries) {
    const key = aliases.get(normalizeSkill(entry.name));
    if (!key) continue;
    for (const name of entry.related ?? []) {
      const other = aliases.get(normalizeSkill(name));
      if (!other) throw new Error(`skill vocabulary: "${entry.name}" relates to unknown "${name}"`);
      if (other === key) continue;
      for (const [a, b] of [
        [key, other],
        [other, key],
      ] as const) {
        const pair = `${a}\u0000${b}`;
        if (pairs.has(pair)) continue;
        pairs.add(pair);
        relations.push([a, b]);
      }
    }
  }
  return { aliases, skills, relations };
}

let built: Vocabulary | undefined;

/** The project's vocabulary, built on first use. */
export function vocabulary(): Vocabulary {
  built ??= buildVocabulary();
  return built;
}

/** The canonical skill a typed skill names; an unknown skill is its own (its key). */
export function canonicalSkill(typed: string): string {
  const key = skillKey(typed);
  return vocabulary().aliases.get(key) ?? key;
}

/** The user_skills rows for a person's typed skills: one per key, with its canonical skill. */
export function skillRows(skills: readonly string[]): { skill: string; canonical: string }[] {
  const rows = new Map<string, string>();
  for (const typed of skills) {
    const key = skillKey(typed);
    if (key && !rows.has(key)) rows.set(key, vocabulary().aliases.get(key) ?? key);
  }
  return [...rows].map(([skill, canonical]) => ({ skill, canonical }));
}
