import { ApiError } from "@/lib/api-client.ts";

/** The recovery calls answer `{ status, message }`. */
export type RecoveryAnswer = { status: number; message: string };

/** Spec: only `status` 1 is success; any other answer's message is shown as the failure. */
export function requireSuccess(answer: RecoveryAnswer | undefined): RecoveryAnswer {
  if (answer?.status === 1) return answer;
  throw new ApiError(200, { message: answer?.message }, "Something went wrong");
}
