import { z } from "zod";

/** Two-step codes (TOTP, RFC 6238): 6 digits, a new one every 30 seconds. */
export const TWO_STEP_DIGITS = 6;
export const TWO_STEP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: two groups of five, e.g. `7kq2m-9xw4p`. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

export const TWO_STEP_MESSAGES = {
  enterCode: "Enter the 6-digit code from your authenticator app.",
  enterRecoveryCode: "Enter one of your recovery codes, like abcde-12345.",
  wrongCode: "That code did not work. Check your app and try the newest code.",
  wrongRecoveryCode: "That recovery code did not work. Each one works only once.",
  stepExpired: "Your sign-in took too long. Enter your email and password again.",
  notSetUp: "Start the setup again: open Two-step codes in Settings.",
  alreadyOn: "Two-step codes are already on.",
  resetNeedsCode:
    "Two-step codes are on for this account. Enter a code from your authenticator app or a recovery code to reset your password.",
  resetWrongCode:
    "That code did not work. Enter a current code from your app or an unused recovery code.",
} as const;

export const twoStepCodeSchema = z
  .string({ error: TWO_STEP_MESSAGES.enterCode })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TWO_STEP_MESSAGES.enterCode));

export const recoveryCodeSchema = z
  .string({ error: TWO_STEP_MESSAGES.enterRecoveryCode })
  .transform((value) => value.replace(/\s+/g, "").toLowerCase())
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, TWO_STEP_MESSAGES.enterRecoveryCode));

const passwordConfirmSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(200, "Password is too long");

/** POST /api/account/two-step: the first code from the app turns two-step codes on. */
export const enableTwoStepBodySchema = z.object({ code: twoStepCodeSchema });
export type EnableTwoStepBody = z.input<typeof enableTwoStepBodySchema>;

/** DELETE /api/account/two-step and POST /api/account/two-step/recovery-codes. */
export const twoStepPasswordBodySchema = z.object({ password: passwordConfirmSchema });
export type TwoStepPasswordBody = z.input<typeof twoStepPasswordBodySchema>;

/** POST /api/login/two-step: a code from the app, or a recovery code. */
export const loginTwoStepBodySchema = z
  .object({
    code: z.string().max(20, TWO_STEP_MESSAGES.enterCode).optional(),
    recoveryCode: z.string().max(20, TWO_STEP_MESSAGES.enterRecoveryCode).optional(),
  })
  .strict()
  // The handler answers 400 when neither is given; the document says so to clients.
  .meta({ anyOf: [{ required: ["code"] }, { required: ["recoveryCode"] }] });
export type LoginTwoStepBody = z.input<typeof loginTwoStepBodySchema>;

export const twoStepSetupSchema = z.object({ otpauthUrl: z.string(), qrSvg: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/login with two-step codes on: the password was right, a code comes next. */
export const loginTwoStepPendingSchema = z.object({ twoStep: z.literal(true) });
