import { z } from "zod";
import { SKILL_MAX_LENGTH } from "./constants.ts";
import { NO_NUL, noNulMessage } from "./schemas.ts";

export { normalizeSkill } from "./skill-spelling.ts";

export const SKILL_SUGGESTIONS_DEFAULT_LIMIT = 10;
export const SKILL_SUGGESTIONS_MAX_LIMIT = 50;

const suggestionLimitMessage = `Limit must be a whole number from 1 to ${SKILL_SUGGESTIONS_MAX_LIMIT}`;

/** GET /api/skills: what has been typed so far, and how many suggestions. */
export const skillSuggestionsQuerySchema = z.object({
  q: z
    .string({ error: "Type the start of a skill" })
    .trim()
    .min(1, "Type the start of a skill")
    .max(SKILL_MAX_LENGTH, `A skill must be at most ${SKILL_MAX_LENGTH} characters`)
    .regex(NO_NUL, noNulMessage("A skill")),
  limit: z.coerce
    .number({ error: suggestionLimitMessage })
    .int(suggestionLimitMessage)
    .min(1, suggestionLimitMessage)
    .max(SKILL_SUGGESTIONS_MAX_LIMIT, suggestionLimitMessage)
    .default(SKILL_SUGGESTIONS_DEFAULT_LIMIT),
});
export type SkillSuggestionsQuery = z.input<typeof skillSuggestionsQuerySchema>;

/** A canonical skill as the tag input suggests it, with how many people have it. */
export const skillSuggestionSchema = z.object({
  name: z.string(),
  aliases: z.array(z.string()),
  people: z.number().int(),
});
export type SkillSuggestion = z.infer<typeof skillSuggestionSchema>;
