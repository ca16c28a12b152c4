import { z } from "zod";
import { ALTCHA_FIELD, altchaPayloadSchema } from "./bot-check.ts";
import { SKILL_MAX_LENGTH } from "./constants.ts";
import { emailSchema, hasVisibleCharacter, NO_NUL, noNulMessage } from "./schemas.ts";

// ---------- constants ----------

export const PUBLIC_NAME_MAX_LENGTH = 100;
export const PUBLIC_MESSAGE_MAX_LENGTH = 2000;
/** The honeypot field: hidden from people, filled by bots; a filled one is dropped silently. */
export const HONEYPOT_FIELD = "website" as const;
/** The support form's five topic chips. Kindred takes no payments, so none is about payments. */
export const SUPPORT_TOPICS = [
  "Account Issues",
  "Safety and Reports",
  "Technical Support",
  "Product Questions",
  "General Inquiries",
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
/**
 * Topics the form no longer offers that an older page still open in a browser may send: taken
 * and stored as sent, so that person's ticket is not refused.
 */
export const RETIRED_SUPPORT_TOPICS = ["Payment Problems"] as const;
/** The support form shows 'Submitting...' at least this long (spec: a 2-second delay). */
export const SUPPORT_SUBMIT_MIN_MS = 2000;
export const MATCHING_RESULT_LIMIT = 50;

/** Texts people and tests read; the quoted ones are copied exactly from the specification. */
export const PUBLIC_FORM_MESSAGES = {
  ticketSubmitted: "Thank you! Your ticket has been submitted.",
  contactSent: "Thank you! Your message has been sent. We will reply by email.",
  subscribed: "You're subscribed. Look out for the Kindred newsletter in your inbox.",
  unsubscribed: "You have been unsubscribed from the Kindred newsletter.",
  unsubscribeUnknown: "This unsubscribe link is not valid or was already used.",
  noMatches: "No matches found. Try another interest!",
  matchesFound: "Matches loaded",
} as const;

// ---------- field rules ----------

const publicNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(PUBLIC_NAME_MAX_LENGTH, `Name must be at most ${PUBLIC_NAME_MAX_LENGTH} characters`)
  .regex(NO_NUL, noNulMessage("Name"))
  .refine(hasVisibleCharacter, "Name cannot be made only of invisible characters");

const publicMessageSchema = z
  .string({ error: "Message is required" })
  .trim()
  .min(1, "Message is required")
  .max(PUBLIC_MESSAGE_MAX_LENGTH, `Message must be at most ${PUBLIC_MESSAGE_MAX_LENGTH} characters`)
  .regex(NO_NUL, noNulMessage("Message"))
  .refine(hasVisibleCharacter, "Message cannot be made only of invisible characters");

/** Any text is accepted here: what matters is only whether a bot filled it. */
const honeypotSchema = z.string().max(500).optional();

// ---------- request shapes ----------

export const supportTicketBodySchema = z.object({
  name: publicNameSchema,
  email: emailSchema,
  message: publicMessageSchema,
  topic: z
    .enum([...SUPPORT_TOPICS, ...RETIRED_SUPPORT_TOPICS], {
      error: "Choose one of the listed topics",
    })
    .optional(),
  [HONEYPOT_FIELD]: honeypotSchema,
  [ALTCHA_FIELD]: altchaPayloadSchema,
});
export type SupportTicketBody = z.input<typeof supportTicketBodySchema>;

export const contactBodySchema = z.object({
  name: publicNameSchema,
  email: emailSchema,
  message: publicMessageSchema,
  [HONEYPOT_FIELD]: honeypotSchema,
  [ALTCHA_FIELD]: altchaPayloadSchema,
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const newsletterBodySchema = z.object({
  email: emailSchema,
  [HONEYPOT_FIELD]: honeypotSchema,
  [ALTCHA_FIELD]: altchaPayloadSchema,
});
export type NewsletterBody = z.input<typeof newsletterBodySchema>;

export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: "The unsubscribe link is incomplete" })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "The unsubscribe link is not valid"),
});

export const matchingQuerySchema = z.object({
  interest: z
    .string({ error: "Enter an interest" })
    .trim()
    .min(1, "Enter an interest")
    .max(SKILL_MAX_LENGTH, `An interest must be at most ${SKILL_MAX_LENGTH} characters`)
    .regex(NO_NUL, noNulMessage("An interest")),
});
export type MatchingQuery = z.input<typeof matchingQuerySchema>;
