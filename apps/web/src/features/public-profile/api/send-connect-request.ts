import type { Envelope, PublicUser, SentRequest } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

export async function sendConnectRequest(userId: string): Promise<SentRequest> {
  const response = await apiClient.post<Envelope<SentRequest>>(
    `/request/send/interested/${encodeURIComponent(userId)}`,
    {},
  );
  return response.data;
}

/** Connect from a public profile; on success the profile shows "Request sent". */
export function useSendConnectRequest(publicUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendConnectRequest,
    onSuccess: () => {
      queryClient.setQueryData<PublicUser>(queryKeys.publicProfile(publicUserId), (user) =>
        user ? { ...user, relationship: "sent" } : user,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
    },
  });
}
