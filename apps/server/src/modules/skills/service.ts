import type { Database } from "../../db/client.ts";
import { syncVocabulary } from "./repository.ts";
import { vocabulary } from "./vocabulary.ts";

/**
 * On start: the database's vocabulary tables follow the project's data, and every person's skills
 * name their canonical skill (see syncVocabulary).
 */
export async function loadSkillVocabulary(db: Database): Promise<void> {
  await syncVocabulary(db, vocabulary());
}
