import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import {
  countCanonicalSkillsInUse,
  deleteSkillIndex,
  insertSkillIndex,
  insertSkillIndexes,
  replaceSkillIndex,
  syncVocabulary,
} from "./repository.ts";
import { vocabulary } from "./vocabulary.ts";

/**
 * On start: the database's vocabulary tables follow the project's data, and every person's skills
 * name their canonical skill (see syncVocabulary).
 */
export async function loadSkillVocabulary(db: Database): Promise<void> {
  await syncVocabulary(db, vocabulary());
}

/**
 * Indexes a new person's skills (user_skills: each skill lower-cased with its canonical skill),
 * in the caller's transaction with the person's row.
 */
export function indexSkills(tx: Database, userId: string, skills: readonly string[]) {
  return insertSkillIndex(tx, userId, skills);
}

/** Indexes many new people's skills at once, in the caller's transaction (the demo data). */
export function indexSkillsOfMany(
  tx: Database,
  people: readonly { userId: string; skills: readonly string[] }[],
) {
  return insertSkillIndexes(tx, people);
}

/** Indexes an edited person's skills again, in the caller's transaction with the edit. */
export function reindexSkills(tx: Database, userId: string, skills: readonly string[]) {
  return replaceSkillIndex(tx, userId, skills);
}

/** Distinct canonical skills people who are not banned have (the landing and about statistics). */
export function countInterestsInUse(db: Database): Promise<number> {
  return countCanonicalSkillsInUse(db);
}

/** The skill index repeats the profile's `skills` (exported there); it goes with the account. */
export const skillsPersonalData: PersonalDataPart = {
  module: "skills",
  tables: ["user_skills"],
  exportFor: async () => ({}),
  deleteFor: (tx, userId) => deleteSkillIndex(tx, userId),
};
