import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { anonymiseChangesOf, deleteRanking, deleteRelationVersion } from "./page-repository.ts";

/**
 * A relation number and a ranking are the feed's own bookkeeping, nothing to export. A deleted
 * person's relation number goes last, once the removal of their requests and blocks has raised
 * it (and the other people's) for the last time. Their changes in people_changes stay, naming
 * them by a digest of their id and by their feed number, as the deletion's own change does: it
 * tells every process to drop them. Other viewers' rankings name them by their feed number only,
 * which names nobody once the account is gone.
 */
export const feedPersonalData: PersonalDataPart = {
  module: "feed",
  tables: ["relation_versions", "people_changes", "feed_rankings"],
  exportFor: async () => ({}),
  deleteFor: async (tx, userId) => {
    await deleteRanking(tx, userId);
    await deleteRelationVersion(tx, userId);
    await anonymiseChangesOf(tx, userId);
  },
  deletionPhase: "last",
};
