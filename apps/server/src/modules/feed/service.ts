import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { anonymiseChangesOf, deleteRelationVersion } from "./page-repository.ts";

/**
 * A relation number is the feed's own bookkeeping, nothing to export. A deleted person's goes
 * last, once the removal of their requests and blocks has raised it (and the other people's)
 * for the last time. Their changes in people_changes stay, naming them by a digest of their
 * id, as the deletion's own change does: it tells every process to drop them.
 */
export const feedPersonalData: PersonalDataPart = {
  module: "feed",
  tables: ["relation_versions", "people_changes"],
  exportFor: async () => ({}),
  deleteFor: async (tx, userId) => {
    await deleteRelationVersion(tx, userId);
    await anonymiseChangesOf(tx, userId);
  },
  deletionPhase: "last",
};
