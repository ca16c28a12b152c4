import type { Envelope, LoginBody, Me } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { currentPlayerId } from "@/lib/push.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { rememberSession } from "@/lib/session-hint.ts";

export async function login(body: LoginBody): Promise<Me> {
  // A device subscribed to push is attached to whoever signs in on it (null: none).
  const response = await apiClient.post<Envelope<Me>>("/login", {
    ...body,
    playerId: body.playerId ?? currentPlayerId(),
  });
  return response.data;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => {
      // A different person may have been signed in before: drop their cached lists.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      queryClient.setQueryData(queryKeys.me, me);
      rememberSession(true);
    },
  });
}
