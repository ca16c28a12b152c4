import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./constants.ts";
import { NO_NUL, noNulMessage, passwordSchema } from "./schemas.ts";

// ---------- the signed-in person's own account: password, export, deletion ----------

export const ACCOUNT_MESSAGES = {
  wrongCurrentPassword: "Your current password is not correct.",
  wrongPassword: "This password is not correct; your account was not deleted.",
  passwordChanged: "Your password was changed; every other device was signed out.",
  deleted: "Your account and your data were deleted.",
} as const;

/** A password typed to prove it is the owner: any stored password, so only length and NUL. */
const enteredPasswordSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(PASSWORD_MAX_LENGTH, `${label} is too long`)
    .regex(NO_NUL, noNulMessage(label));

export const changePasswordBodySchema = z
  .object({
    currentPassword: enteredPasswordSchema("Current password"),
    password: passwordSchema,
  })
  .strict();
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const deleteAccountBodySchema = z
  .object({ password: enteredPasswordSchema("Password") })
  .strict();
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** The export's file name for a day: `kindred-data-2025-01-31.json`. */
export function exportFileName(date: Date): string {
  return `kindred-data-${date.toISOString().slice(0, 10)}.json`;
}
