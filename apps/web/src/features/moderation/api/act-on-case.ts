import type { Envelope, ModerationActionBody, ModerationActionView } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { showToast } from "@/components/ui/toast.tsx";
import { MODERATION_MESSAGES } from "@/config/copy.ts";
import { apiClient } from "@/lib/api-client.ts";
import { moderationKeys } from "../lib/moderation-keys.ts";

/** Dismiss, warn, remove, suspend or ban, with the reason the person reads. */
export async function actOnCase(
  caseId: string,
  body: ModerationActionBody,
): Promise<ModerationActionView> {
  const answer = await apiClient.post<Envelope<ModerationActionView>>(
    `/moderation/cases/${encodeURIComponent(caseId)}/actions`,
    body,
  );
  return answer.data;
}

/** After an action the case, the queue and the badge are asked for again. */
export function useActOnCase(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => actOnCase(caseId, body),
    // Here, not in the form: a closed case no longer shows the form.
    onSuccess: () => showToast(MODERATION_MESSAGES.actionDone, { variant: "success" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
