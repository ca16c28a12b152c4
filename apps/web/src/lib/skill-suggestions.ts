import { type Envelope, type SkillSuggestion, skillSuggestionsQuerySchema } from "@kindred/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient } from "./api-client.ts";
import { useSettledValue } from "./use-settled-value.ts";

/** Suggestions shown under the tag input at most. */
const SHOWN = 6;

/** Canonical skills for what is being typed, once the typing pauses; none for an empty field. */
export function useSkillSuggestions(draft: string): SkillSuggestion[] {
  const q = useSettledValue(draft.trim(), 200);
  const valid = q !== "" && skillSuggestionsQuerySchema.shape.q.safeParse(q).success;
  const query = useQuery({
    queryKey: ["skills", q],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Envelope<SkillSuggestion[]>>("/skills", {
          query: { q, limit: SHOWN },
          signal,
        })
      ).data,
    enabled: valid,
    // The list on screen stays while the next one loads: a suggestion highlighted meanwhile is
    // still there to take (see TagInput), instead of the list vanishing under the person's Enter.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return valid && draft.trim() !== "" ? (query.data ?? []) : [];
}
