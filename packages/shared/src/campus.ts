import { z } from "zod";
import { EMAIL_VERIFICATION_TTL_MINUTES, OTP_MAX_ATTEMPTS } from "./constants.ts";
import { verifyEmailCodeSchema } from "./email-verification.ts";
import { emailSchema } from "./schemas.ts";

// ---------- a university address, proved by a code: the campus badge on the card ----------

/** How long a university address's code works (as long as the account email's). */
export const CAMPUS_CODE_TTL_MINUTES = EMAIL_VERIFICATION_TTL_MINUTES;

/** Wrong codes a university address's code takes before it is used up. */
export const CAMPUS_CODE_MAX_ATTEMPTS = OTP_MAX_ATTEMPTS;

/** What the campus calls answer, and the settings section shows. */
export const CAMPUS_MESSAGES = {
  notAcademic:
    "This is not a university or college address we know. Use the email your university gave you.",
  unknownUniversity:
    "This looks like a university address, but we do not know which university it belongs to yet. Try your university's main email domain.",
  taken: "Another account has already verified this university email.",
  alreadyVerified:
    "Your university email is already verified. Remove it first to verify another one.",
  codeSent: `We sent a 6-digit code to your university email. It works for ${CAMPUS_CODE_TTL_MINUTES} minutes.`,
  wrongCode: (triesLeft: number) =>
    triesLeft > 0
      ? `This code is not right. You have ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`
      : "This code is not right, and it has been tried too many times. Ask for a new code.",
  usedUp: "This code has been tried too many times. Ask for a new code.",
  expired: "This code has expired. Ask for a new code.",
  nothingPending: "There is no university email waiting for a code. Enter your address first.",
  verified: "Your university email is verified. Your university now shows on your card.",
  removed: "Your university email was removed, and your card no longer shows a university.",
  none: "You have no university email.",
  found: "Your university email.",
  tooManyCodes: (seconds: number) =>
    `You asked for codes several times. Please wait ${seconds} seconds, then try again.`,
} as const;

/** `POST /account/campus`: the university address to prove. */
export const campusEmailBodySchema = z.object({ email: emailSchema }).strict();
export type CampusEmailBody = z.input<typeof campusEmailBodySchema>;

/** `POST /account/campus/verify`: the 6-digit code mailed to it. */
export const campusVerifyBodySchema = verifyEmailCodeSchema;
export type CampusVerifyBody = z.input<typeof campusVerifyBodySchema>;

/**
 * The owner's university address, only ever answered to its owner: the address, the university
 * its domain names, whether it is proved, and until when its code works (null once verified).
 */
export const campusEmailSchema = z.object({
  email: z.string(),
  university: z.string(),
  verified: z.boolean(),
  codeExpiresAt: z.string().nullable(),
});
export type CampusEmail = z.infer<typeof campusEmailSchema>;
