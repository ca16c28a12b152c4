import type { Envelope, EventDetail } from "@kindred/shared";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH } from "./community-request.ts";

/** One event's page; beside the lists' key, so refetching the lists leaves it alone. */
export function eventKey(token: string, id: string) {
  return ["community", "event", token, id] as const;
}

export async function getEvent(
  token: string,
  id: string,
  signal?: AbortSignal,
): Promise<EventDetail> {
  const answer = await apiClient.get<Envelope<EventDetail>>(
    `${COMMUNITY_PATH}/event/${encodeURIComponent(id)}`,
    { headers: bearer(token), signal },
  );
  return answer.data;
}

/** An event with its host, counts, who is going and the viewer's answer. */
export function useEvent(token: string, id: string) {
  return useQuery({
    queryKey: eventKey(token, id),
    queryFn: ({ signal }) => getEvent(token, id, signal),
    retry: false,
  });
}
