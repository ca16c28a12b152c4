import type { CommunityEvent, EventBody } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, type Envelope } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";

export async function createEvent(token: string, body: EventBody): Promise<CommunityEvent> {
  const answer = await apiClient.post<Envelope<CommunityEvent>>(
    `${COMMUNITY_PATH}/createevent`,
    body,
    { headers: bearer(token) },
  );
  return answer.data;
}

export function useCreateEvent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventBody) => createEvent(token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.events(token) }),
  });
}
