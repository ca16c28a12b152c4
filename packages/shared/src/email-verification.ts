import { z } from "zod";
import { OTP_LENGTH, PASSWORD_MAX_LENGTH } from "./constants.ts";
import { emailSchema, NO_NUL, noNulMessage } from "./schemas.ts";

const codeSchema = z
  .string({ error: "Enter the code" })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The code has ${OTP_LENGTH} digits`);

/**
 * `{code}` signed in, or `{token}` from the mail's link (no session needed). One object with
 * either field (the token wins when both come), so the contract stays a plain object.
 */
export const verifyEmailBodySchema = z
  .object({
    code: codeSchema.optional(),
    token: z
      .string({ error: "The link is incomplete" })
      .min(1, "The link is incomplete")
      .max(100, "The link is not right")
      .optional(),
  })
  .strict()
  // The handler answers 400 when neither is given; the document says so to clients.
  .meta({ anyOf: [{ required: ["code"] }, { required: ["token"] }] });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

export const verifyEmailCodeSchema = z.object({ code: codeSchema }).strict();

export const changeEmailBodySchema = z
  .object({
    email: emailSchema,
    password: z
      .string({ error: "Password is required" })
      .min(1, "Password is required")
      .max(PASSWORD_MAX_LENGTH, "Password is too long")
      .regex(NO_NUL, noNulMessage("Password")),
  })
  .strict();
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;
