import type { ForgotPasswordBody, OkAnswer } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { type RecoveryAnswer, requireSuccess } from "./recovery-answer.ts";

/** Asks for a recovery code by mail; the answer is the same whether or not the account exists. */
export async function forgotPassword(body: ForgotPasswordBody): Promise<OkAnswer> {
  return requireSuccess(await apiClient.post<RecoveryAnswer>("/forgot_password", body));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
