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

function useSignedIn() {
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
