import type { OkAnswer, UpdatePasswordBody } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { rememberSession } from "@/lib/session-hint.ts";
import { type RecoveryAnswer, requireSuccess } from "./recovery-answer.ts";

/** Sets the new password with the open grant; the server ends every session of the account. */
export async function updatePassword(body: UpdatePasswordBody): Promise<OkAnswer> {
  return requireSuccess(await apiClient.put<RecoveryAnswer>("/update_password", body));
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    // Every session of the account has ended, this browser's included: forget what it held.
    onSuccess: () => {
      rememberSession(false);
      queryClient.setQueryData(queryKeys.me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    },
  });
}
