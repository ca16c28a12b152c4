import {
  closeSkillName,
  envelope,
  normalizeSkill,
  skillSuggestionSchema,
  skillSuggestionsQuerySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { limitRequests } from "../../plugins/rate-limit.ts";
import { findSkills } from "./repository.ts";
import { skillKey, vocabulary } from "./vocabulary.ts";

/** The tag input asks as one types: generous, but a loop still meets a limit. */
const SUGGESTIONS_PER_IP = { max: 300, windowMs: 60_000 };

export async function skillRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the signup form's tag input suggests skills before there is a session.
  r.get(
    "/skills",
    {
      schema: {
        tags: ["discovery"],
        summary:
          "Canonical skills whose name or an alias starts with or is similar to q, with how many people have each",
        querystring: skillSuggestionsQuerySchema,
        response: { 200: envelope(z.array(skillSuggestionSchema)) },
      },
      preHandler: limitRequests(app, [{ name: "skills-ip", rule: SUGGESTIONS_PER_IP }]),
    },
    async (request) => {
      const { q, limit } = request.query;
      const skills = vocabulary().skills;
      // "pyhton" shares too few trigrams with "python" for the index: the vocabulary's names
      // a few edits away are looked at in memory (some thousand short strings).
      const typo = closeSkillName(q, [...skills.values()]);
      const rows = await findSkills(
        app.db,
        skillKey(q),
        limit,
        typo === null ? null : normalizeSkill(typo),
      );
      return {
        status: 1 as const,
        message: rows.length > 0 ? "Skills found" : "No skills found",
        data: rows.map((row) => {
          const known = skills.get(row.canonical);
          return {
            name: known?.name ?? row.canonical,
            aliases: known?.aliases ?? [],
            people: row.people,
          };
        }),
      };
    },
  );
}
