import type { OkAnswer } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { ApiError } from "@/lib/api-client.ts";

/** What a recovery call answers with a 200: the success shape, but with any `status`. */
export type RecoveryAnswer = Omit<OkAnswer, "status"> & { status: number };

/** Spec: only `status` 1 is success; any other answer's message is shown as the failure. */
export function requireSuccess(answer: RecoveryAnswer | undefined): OkAnswer {
  if (answer?.status === 1) return { ...answer, status: 1 };
  // Read when the answer fails (not in a component): the active language at that moment.
  throw new ApiError(200, { message: answer?.message }, t`Something went wrong`);
}
