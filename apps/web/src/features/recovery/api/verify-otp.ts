import type { OkAnswer, VerifyOtpBody } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { type RecoveryAnswer, requireSuccess } from "./recovery-answer.ts";

/** Checks the mailed code; success opens a short-lived reset grant held in an HttpOnly cookie. */
export async function verifyOtp(body: VerifyOtpBody): Promise<OkAnswer> {
  return requireSuccess(await apiClient.post<RecoveryAnswer>("/verify_OTP", body));
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
