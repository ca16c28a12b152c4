import type { Envelope, EventDetail } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";
import { eventKey } from "./get-event.ts";

/** The host cancels their upcoming event: it stays, marked, and everyone answering is told. */
export async function cancelEvent(token: string, id: string): Promise<EventDetail> {
  const answer = await apiClient.post<Envelope<EventDetail>>(
    `${COMMUNITY_PATH}/event/${encodeURIComponent(id)}/cancel`,
    {},
    { headers: bearer(token) },
  );
  return answer.data;
}

export function useCancelEvent(token: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelEvent(token, id),
    onSuccess: (event) => {
      queryClient.setQueryData(eventKey(token, id), event);
      return queryClient.invalidateQueries({ queryKey: communityKeys.events(token) });
    },
  });
}
