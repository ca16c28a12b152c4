import type { appealDecisionBodySchema } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/api-client.ts";
import { moderationKeys } from "../lib/moderation-keys.ts";

export type AppealDecision = z.infer<typeof appealDecisionBodySchema>;

/** Upholds or overturns an appeal, with the reason the person reads. */
export function decideAppeal(appealId: string, body: AppealDecision) {
  return apiClient.post(`/moderation/appeals/${encodeURIComponent(appealId)}`, body);
}

export function useDecideAppeal(appealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealDecision) => decideAppeal(appealId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
