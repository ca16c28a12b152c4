import type { ChangeEmailBody, Envelope, Me, VerifyEmailBody } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

/** Verifies the email with the mailed code (signed in) or the link's token (signed in or not). */
export async function verifyEmail(body: VerifyEmailBody): Promise<Me> {
  return (await apiClient.post<Envelope<Me>>("/email/verify", body)).data;
}

/** Mails a new code and link (rate-limited: a 429 says when to try again). */
export function resendVerification() {
  return apiClient.post("/email/resend", {});
}

/** Asks to change the email: the new address gets a code; the change waits for it. */
export function changeEmail(body: ChangeEmailBody) {
  return apiClient.put("/account/email", body);
}

/**
 * Verifying answers Me: the signed-in person's cache takes it, so the banner goes and the new
 * address shows. A link opened signed out (or as someone else) starts no session here.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (me) => {
      const current = queryClient.getQueryData<Me | null>(queryKeys.me);
      if (current && current._id === me._id) queryClient.setQueryData(queryKeys.me, me);
      else if (current) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
