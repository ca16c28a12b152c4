import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import {
  countCanonicalSkillsInUse,
  deleteSkillIndex,
  insertSkillIndex,
  insertSkillIndexes,
  replaceLearningIndex,
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

/**
 * Indexes what a person wants to learn (user_learning, as user_skills), in place of what was
 * there, in the caller's transaction with the sign-up or the edit.
 */
export function indexLearning(tx: Database, userId: string, learning: readonly string[]) {
  return replaceLearningIndex(tx, userId, learning);
}

/** Distinct canonical skills people who are not banned have (the landing and about statistics). */
export function countInterestsInUse(db: Database): Promise<number> {
  return countCanonicalSkillsInUse(db);
}

/**
 * The skill indexes repeat the profile's `skills` and `learning` (exported there); they go with
 * the account.
 */
export const skillsPersonalData: PersonalDataPart = {
  module: "skills",
  tables: ["user_skills", "user_learning"],
  exportFor: async () => ({}),
  deleteFor: (tx, userId) => deleteSkillIndex(tx, userId),
};
