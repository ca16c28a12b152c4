/** Business constants shared by the server and the web app. */
export const MIN_SKILLS = 3;
export const MAX_SKILLS = 20;
/** What a person wants to learn: none to this many skills, in the skills' vocabulary. */
export const MAX_LEARNING = 20;
export const SKILL_MAX_LENGTH = 30;
export const GENDERS = ["male", "female", "other"] as const;

/** What an account may do: every account is a member; moderators act on reports; admins also name roles. */
export const ROLES = ["member", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who sees a post, reply, group, event or chat message: everyone it is for (`visible`), only its
 * author (`held`: the automatic filter stopped it from a new account), or only its author until a
 * moderator decides (`hidden`: trusted reports or a moderator).
 */
export const CONTENT_VISIBILITIES = ["visible", "held", "hidden"] as const;
export type ContentVisibility = (typeof CONTENT_VISIBILITIES)[number];
export type Gender = (typeof GENDERS)[number];

export const NAME_MAX_LENGTH = 50;
export const ABOUT_MAX_LENGTH = 500;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const URL_MAX_LENGTH = 2048;
export const AGE_MIN = 13;
export const AGE_MAX = 120;
/** From this age a person is an adult: 13-17 and 18+ never meet (age bands). */
export const ADULT_AGE = 18;

/** The two age bands: 13-17 (`teen`) and 18+ (`adult`); null when no age is set. */
export type AgeBand = "teen" | "adult";
export function ageBandOf(age: number | null | undefined): AgeBand | null {
  if (age === null || age === undefined) return null;
  return age >= ADULT_AGE ? "adult" : "teen";
}

/** What the age rule answers (the server's 403s and field errors; the web shows the same words). */
export const AGE_MESSAGES = {
  ageRequired: "Add your age to your profile before you connect or chat with people.",
  ageBand: "People aged 13 to 17 and people 18 or over cannot connect or chat with each other.",
  secondCrossing: `Your age can change across ${ADULT_AGE} only once. Contact support to change it again.`,
  addAgePrompt: "Add your age to start discovering people",
  addAgeHint: `People aged 13 to 17 meet only each other, and so do people ${ADULT_AGE} or over.`,
  feedNeedsAge: "Add your age to see people",
  termsRequired: "Please confirm that you are 13 or over and accept the Terms",
} as const;

/** Password recovery: the code has 6 characters. */
export const OTP_LENGTH = 6;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_TTL_MINUTES = 10;
export const RESET_GRANT_TTL_MINUTES = 15;

export const FEED_DEFAULT_LIMIT = 10;
export const FEED_MAX_LIMIT = 50;

export const SEND_STATUSES = ["interested", "ignored"] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const REVIEW_STATUSES = ["accepted", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REQUEST_STATUSES = [...SEND_STATUSES, ...REVIEW_STATUSES] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** GET /user/requests/sent: people per page by default, and at most. */
export const SENT_REQUESTS_PAGE_DEFAULT_LIMIT = 20;
export const SENT_REQUESTS_PAGE_MAX_LIMIT = 50;

/** Texts the server sends and the web app shows; copied exactly from the specification. */
export const MESSAGES = {
  invalidEmail: "Invalid email address",
  profileSaved: "Profile Saved Successfully",
  enterFullOtp: "Enter full OTP",
  passwordsDiffer: "Both Password and Re Entered password should be same",
  invalidCode: "Invalid or expired code",
} as const;

/** An account is new, with lower daily limits and its filtered texts held, for this many days. */
export const NEW_ACCOUNT_DAYS = 7;

/** What the automatic filter and the new accounts' daily limits answer. */
export const FILTER_MESSAGES = {
  /** A slur in a name or about: the field error under that field. */
  offensiveWords: "Please remove offensive words.",
  /** A new account over its daily interested requests (429). */
  interestedLimit: (limit: number) =>
    `New accounts can send ${limit} requests a day. You can send more tomorrow.`,
  /** A new account over its daily first messages (429). */
  firstMessageLimit: (limit: number) =>
    `New accounts can start ${limit} conversations a day. You can start more tomorrow.`,
} as const;

// ---------- email verification (here, without zod: the banner on every signed-in screen reads them) ----------

/** How long a verification code and its link work. */
export const EMAIL_VERIFICATION_TTL_MINUTES = 60;

/** The web page the mail's link opens: `/verify-email?token=…`. */
export const VERIFY_EMAIL_PATH = "/verify-email";

export const EMAIL_VERIFICATION_MESSAGES = {
  unverified:
    "Please verify your email first: enter the 6-digit code we sent you, or ask for a new one.",
  invalidCode: "This code or link is wrong, expired or already used. Ask for a new one.",
  verified: "Your email is verified.",
  changed: "Your email is changed and verified.",
  codeSent: `We sent a 6-digit code and a link. They work for ${EMAIL_VERIFICATION_TTL_MINUTES} minutes.`,
  alreadyVerified: "Your email is already verified.",
  changeSent: `We sent a code to your new address. Your email changes once you enter it (within ${EMAIL_VERIFICATION_TTL_MINUTES} minutes).`,
  sameEmail: "This is already your email.",
  emailTaken: "An account with this email already exists.",
  wrongPassword: "Your password is not right.",
} as const;
