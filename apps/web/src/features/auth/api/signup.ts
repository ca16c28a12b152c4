import type { Me, SignupBody } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, type Envelope } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { rememberSession } from "@/lib/session-hint.ts";

export async function signup(body: SignupBody): Promise<Me> {
  const response = await apiClient.post<Envelope<Me>>("/signup", body);
  return response.data;
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (me) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      queryClient.setQueryData(queryKeys.me, me);
      rememberSession(true);
    },
  });
}
