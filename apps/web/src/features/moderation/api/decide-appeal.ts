import type { appealDecisionBodySchema } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { showToast } from "@/components/ui/toast.tsx";
import { apiClient } from "@/lib/api-client.ts";
import { moderationKeys } from "../lib/moderation-keys.ts";

const APPEAL_DECIDED = {
  uphold: "Appeal rejected: the decision stands.",
  overturn: "Appeal accepted: the decision is undone.",
};

export type AppealDecision = z.infer<typeof appealDecisionBodySchema>;

/** Upholds or overturns an appeal, with the reason the person reads. */
export function decideAppeal(appealId: string, body: AppealDecision) {
  return apiClient.post(`/moderation/appeals/${encodeURIComponent(appealId)}`, body);
}

export function useDecideAppeal(appealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealDecision) => decideAppeal(appealId, body),
    // Here, not in the form: the decided appeal leaves the list, and its form with it.
    onSuccess: (_answer, body) => showToast(APPEAL_DECIDED[body.decision], { variant: "success" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
