import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { deletePicksNaming } from "./repository.ts";

/**
 * Picks are made for a person from others' public cards: nothing of them is theirs to export.
 * A deleted person's picks go, and so does their place in others' picks.
 */
export const picksPersonalData: PersonalDataPart = {
  module: "picks",
  tables: ["daily_picks", "daily_pick_runs"],
  exportFor: async () => ({}),
  deleteFor: (tx, userId) => deletePicksNaming(tx, userId),
};
