import { changePasswordBodySchema, deleteAccountBodySchema, MESSAGES } from "@kindred/shared";
import { z } from "zod";

/** Change password: the call's own rules, and the new password typed a second time. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDiffer,
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** Delete account: the password again, as the call checks it. */
export const deleteAccountFormSchema = deleteAccountBodySchema;
export type DeleteAccountForm = z.input<typeof deleteAccountFormSchema>;
