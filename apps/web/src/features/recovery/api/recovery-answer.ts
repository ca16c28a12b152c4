import type { OkAnswer } from "@kindred/shared";
import { ApiError } from "@/lib/api-client.ts";

/** What a recovery call answers with a 200: the success shape, but with any `status`. */
export type RecoveryAnswer = Omit<OkAnswer, "status"> & { status: number };

/** Spec: only `status` 1 is success; any other answer's message is shown as the failure. */
export function requireSuccess(answer: RecoveryAnswer | undefined): OkAnswer {
  if (answer?.status === 1) return { ...answer, status: 1 };
  throw new ApiError(200, { message: answer?.message }, "Something went wrong");
}
