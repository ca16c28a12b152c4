import type { AppealBody } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

/** Appeals a decision: the newest about the caller, or the ban the token of its mail names. */
export function sendAppeal(body: AppealBody) {
  return apiClient.post("/moderation/appeal", body);
}

/** After sending, the notice reads the appeal's state from Me. */
export function useSendAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAppeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
