import type { Envelope, LoginBody, LoginTwoStepBody, Me } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { currentPlayerId } from "@/lib/push.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { rememberSession } from "@/lib/session-hint.ts";

/** The password was right and two-step codes are on: a code comes next (no session yet). */
export type TwoStepPending = { twoStep: true };

export function isTwoStepPending(answer: Me | TwoStepPending): answer is TwoStepPending {
  return "twoStep" in answer && answer.twoStep === true && !("_id" in answer);
}

export async function login(body: LoginBody): Promise<Me | TwoStepPending> {
  // A device subscribed to push is attached to whoever signs in on it (null: none).
  const response = await apiClient.post<Envelope<Me | TwoStepPending>>("/login", {
    ...body,
    playerId: body.playerId ?? currentPlayerId(),
  });
  return response.data;
}

/** The second step: a code from the app or a recovery code, with the step cookie /login set. */
export async function loginTwoStep(body: LoginTwoStepBody): Promise<Me> {
  const response = await apiClient.post<Envelope<Me>>("/login/two-step", body);
  return response.data;
}

/**
 * Signs in with a passkey: options, the browser's prompt (or, with `autofill`, the passkeys the
 * browser lists under the email field), then the server checks the assertion. No second step.
 */
export async function loginWithPasskey(autofill = false): Promise<Me> {
  const options =
    await apiClient.post<Envelope<Record<string, unknown>>>("/passkeys/login/options");
  // The WebAuthn library loads only when a passkey is asked for.
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const assertion = await startAuthentication({
    optionsJSON: options.data as unknown as Parameters<
      typeof startAuthentication
    >[0]["optionsJSON"],
    useBrowserAutofill: autofill,
  });
  return (await apiClient.post<Envelope<Me>>("/passkeys/login", assertion)).data;
}

/** True when this browser lists passkeys in the email field's autofill (conditional UI). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (typeof window === "undefined" || !window.PublicKeyCredential) return false;
  const { browserSupportsWebAuthnAutofill } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthnAutofill();
}

export function useSignedIn() {
  const queryClient = useQueryClient();
  return (me: Me) => {
    // A different person may have been signed in before: drop their cached lists.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    queryClient.setQueryData(queryKeys.me, me);
    rememberSession(true);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isTwoStepPending(answer)) signedIn(answer);
    },
  });
}

export function useLoginTwoStep() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: loginTwoStep, onSuccess: signedIn });
}

export function usePasskeyLogin() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: () => loginWithPasskey(false), onSuccess: signedIn });
}
