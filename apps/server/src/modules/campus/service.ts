import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { deleteCampusEmail, findCampusEmail } from "./repository.ts";

/** The university address is the person's own: exported (never its code), deleted with them. */
export const campusPersonalData: PersonalDataPart = {
  module: "campus",
  tables: ["campus_emails"],
  exportFor: async (db, context) => {
    const row = await findCampusEmail(db, context.userId);
    if (!row) return {};
    return {
      campus: {
        email: row.email,
        university: row.university,
        verifiedAt: row.verifiedAt?.toISOString() ?? null,
      },
    };
  },
  deleteFor: (tx, userId) => deleteCampusEmail(tx, userId),
};
