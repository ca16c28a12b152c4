import { z } from "zod";
import { hasVisibleCharacter, NO_NUL, noNulMessage } from "./schemas.ts";
import { twoStepPasswordBodySchema } from "./two-step.ts";

/** A passkey's name as people give it (the browser and system it was made on, by default). */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** How long a WebAuthn challenge (registration or sign-in) can be answered. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** Most passkeys one account keeps: enough for every device, few enough to list. */
export const PASSKEY_MAX_PER_ACCOUNT = 20;

export const PASSKEY_MESSAGES = {
  added: "Passkey added. Next time, sign in with it instead of your password.",
  renamed: "Passkey renamed.",
  removed: "Passkey removed. It no longer signs you in.",
  notFound: "That passkey is not on your account.",
  tooMany: `You have ${PASSKEY_MAX_PER_ACCOUNT} passkeys. Remove one you no longer use first.`,
  failed: "The passkey could not be checked. Try again.",
  expired: "That passkey request took too long. Try again.",
  unknown: "This passkey is not on any Kindred account. Sign in with your password.",
  nameRequired: "Give the passkey a name",
  nameTooLong: `A passkey name is at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  nameInvisible: "A passkey name cannot be made only of invisible characters",
} as const;

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MESSAGES.nameTooLong)
  .regex(NO_NUL, noNulMessage("A passkey name"))
  .refine(hasVisibleCharacter, PASSKEY_MESSAGES.nameInvisible);

/** WebAuthn's binary fields, as JSON carries them: base64url, no padding. */
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.failed })
    .max(max, PASSKEY_MESSAGES.failed)
    .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.failed);

/** What the browser answers, as `@simplewebauthn/browser` sends it; unknown fields are dropped. */
const credentialBase = {
  id: base64url(1400).min(1, PASSKEY_MESSAGES.failed),
  rawId: base64url(1400).min(1, PASSKEY_MESSAGES.failed),
  type: z.literal("public-key", { error: PASSKEY_MESSAGES.failed }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({}).loose().default({}),
};

/** `POST /api/passkeys/registration`: the browser's attestation, and a name if the person gave one. */
export const passkeyRegistrationBodySchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1, PASSKEY_MESSAGES.failed),
    attestationObject: base64url(16_384).min(1, PASSKEY_MESSAGES.failed),
    transports: z.array(z.string().max(30)).max(10).optional(),
  }),
  name: passkeyNameSchema.optional(),
});
export type PasskeyRegistrationBody = z.input<typeof passkeyRegistrationBodySchema>;

/** `POST /api/passkeys/login`: the browser's assertion. */
export const passkeyLoginBodySchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1, PASSKEY_MESSAGES.failed),
    authenticatorData: base64url(4096).min(1, PASSKEY_MESSAGES.failed),
    signature: base64url(1024).min(1, PASSKEY_MESSAGES.failed),
    userHandle: base64url(200).optional(),
  }),
});
export type PasskeyLoginBody = z.input<typeof passkeyLoginBodySchema>;

/** `POST /api/passkeys/registration/options`: the current password first. */
export const passkeyOptionsBodySchema = twoStepPasswordBodySchema;
export type PasskeyOptionsBody = z.input<typeof passkeyOptionsBodySchema>;

export const passkeyRenameBodySchema = z.object({ name: passkeyNameSchema });
export type PasskeyRenameBody = z.input<typeof passkeyRenameBodySchema>;

/** The WebAuthn options for the browser, as `@simplewebauthn/server` makes them. */
export const passkeyOptionsSchema = z.object({ challenge: z.string() }).loose();

export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
