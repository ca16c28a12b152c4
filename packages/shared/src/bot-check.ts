import { z } from "zod";

// ---------- the bot check: a proof of work (ALTCHA) and a honeypot ----------

/** The body field carrying the widget's solution (ALTCHA's base64 payload). */
export const ALTCHA_FIELD = "altcha" as const;
/** The error code of a missing, wrong, expired or reused solution, and of a filled honeypot at sign-up. */
export const BOT_CHECK_CODE = "BOT_CHECK" as const;
/** A challenge is good for this long after it was handed out. */
export const ALTCHA_TTL_MINUTES = 10;

export const BOT_CHECK_MESSAGES = {
  missing: "Wait for the check that you are not a robot to finish, then send the form again.",
  failed: "The check that you are not a robot did not pass. Please try again.",
  expired: "The check that you are not a robot has expired. Please try again.",
  reused: "This check that you are not a robot was already used. Please try again.",
  honeypot: "This form could not be sent. Please try again.",
  disposableEmail:
    "Addresses from throwaway mail services can't be used here. Please use an email you keep.",
  /** The widget's own label, read by screen readers too. */
  label: "I'm not a robot",
} as const;

/** The widget's payload: opaque base64 text, checked by the server. */
export const altchaPayloadSchema = z.string().max(4096, BOT_CHECK_MESSAGES.failed).optional();

/** The honeypot (`website`): hidden from people, filled by bots. Any text is taken; only whether it is filled counts. */
export const honeypotFieldSchema = z.string().max(500).optional();
