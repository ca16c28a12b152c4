import type { CreateEventBody, Envelope, EventDetail } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";
import { eventKey } from "./get-event.ts";

export async function createEvent(token: string, body: CreateEventBody): Promise<EventDetail> {
  const answer = await apiClient.post<Envelope<EventDetail>>(
    `${COMMUNITY_PATH}/createevent`,
    body,
    { headers: bearer(token) },
  );
  return answer.data;
}

/** Creates the event; its page is ready to open at once, and the lists are refetched. */
export function useCreateEvent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody) => createEvent(token, body),
    onSuccess: (event) => {
      queryClient.setQueryData(eventKey(token, event._id), event);
      return queryClient.invalidateQueries({ queryKey: communityKeys.events(token) });
    },
  });
}
