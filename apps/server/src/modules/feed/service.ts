import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { deleteRelationVersion } from "./page-repository.ts";

/**
 * A relation number is the feed's own bookkeeping, nothing to export. A deleted person's goes
 * last, once the removal of their requests and blocks has raised it (and the other people's)
 * for the last time. Their row in people_changes stays: it tells every process to drop them.
 */
export const feedPersonalData: PersonalDataPart = {
  module: "feed",
  tables: ["relation_versions"],
  exportFor: async () => ({}),
  deleteFor: (tx, userId) => deleteRelationVersion(tx, userId),
  deletionPhase: "last",
};
