/** What each recovery step hands the next through navigation state. */
export type RecoveryState = { emailId: string };

export function recoveryEmailOf(state: unknown): string | null {
  const emailId = (state as Partial<RecoveryState> | null | undefined)?.emailId;
  return typeof emailId === "string" && emailId !== "" ? emailId : null;
}
