import { z } from "zod";
import { altchaPayloadSchema, honeypotFieldSchema } from "./bot-check.ts";
import {
  ABOUT_MAX_LENGTH,
  AGE_MAX,
  AGE_MESSAGES,
  AGE_MIN,
  EMAIL_MAX_LENGTH,
  FEED_DEFAULT_LIMIT,
  FEED_MAX_LIMIT,
  GENDERS,
  MAX_LEARNING,
  MAX_SKILLS,
  MESSAGES,
  MIN_SKILLS,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REQUEST_STATUSES,
  REVIEW_STATUSES,
  ROLES,
  SEND_STATUSES,
  SENT_REQUESTS_PAGE_DEFAULT_LIMIT,
  SENT_REQUESTS_PAGE_MAX_LIMIT,
  SKILL_MAX_LENGTH,
  URL_MAX_LENGTH,
} from "./constants.ts";
import { FEED_FILTER_LABELS, feedFilterMessages } from "./feed-filter-check.ts";
import { LOCALES } from "./i18n/locale.ts";
import { photoSetSchema } from "./photos.ts";
import { hasVisibleCharacter, NO_NUL, noNulMessage } from "./text-rules.ts";

// ---------- field rules ----------

export { hasVisibleCharacter, NO_NUL, noNulMessage } from "./text-rules.ts";

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX_LENGTH, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(NO_NUL, noNulMessage("Password"));

export const firstNameSchema = z
  .string({ error: "First name is required" })
  .trim()
  .min(1, "First name is required")
  .max(NAME_MAX_LENGTH, `First name must be at most ${NAME_MAX_LENGTH} characters`)
  .regex(NO_NUL, noNulMessage("First name"))
  .refine(hasVisibleCharacter, "First name cannot be made only of invisible characters");

export const lastNameSchema = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, `Last name must be at most ${NAME_MAX_LENGTH} characters`)
  .regex(NO_NUL, noNulMessage("Last name"))
  .refine(hasVisibleCharacter, "Last name cannot be made only of invisible characters");

export const aboutSchema = z
  .string()
  .trim()
  .max(ABOUT_MAX_LENGTH, `About must be at most ${ABOUT_MAX_LENGTH} characters`)
  .regex(NO_NUL, noNulMessage("About"));

export const genderSchema = z.enum(GENDERS, { error: "Gender must be male, female or other" });

/**
 * An http(s) URL; an empty string (or null) clears the field. A preprocess, not a transform, so
 * the OpenAPI document shows the rules (length, URL format) rather than just "string or null".
 */
export function optionalHttpUrl(label: string) {
  return z.preprocess(
    (value: string | null) => (typeof value === "string" ? value.trim() : value),
    z.union([
      z.null(),
      z.literal("").transform(() => null),
      z
        .string()
        .max(URL_MAX_LENGTH, `${label} is too long`)
        .regex(NO_NUL, noNulMessage(label))
        .check(z.url({ protocol: /^https?$/, error: `${label} must be an http(s) URL` })),
    ]),
  );
}

const skillSchema = z
  .string({ error: "Each skill must be text" })
  .trim()
  .min(1, "Skills cannot be empty")
  .max(SKILL_MAX_LENGTH, `Each skill must be at most ${SKILL_MAX_LENGTH} characters`)
  .regex(NO_NUL, noNulMessage("A skill"))
  .refine(hasVisibleCharacter, "A skill cannot be made only of invisible characters");

export const skillsSchema = z
  .array(skillSchema, { error: "Skills must be a list" })
  .transform(dedupeSkills)
  .pipe(
    z
      .array(z.string())
      .min(MIN_SKILLS, `Add at least ${MIN_SKILLS} different skills`)
      .max(MAX_SKILLS, `Add at most ${MAX_SKILLS} skills`),
  );

/** What a person wants to learn: skills as `skills` takes them, none to MAX_LEARNING. */
export const learningSchema = z
  .array(skillSchema, { error: "Skills to learn must be a list" })
  .transform(dedupeSkills)
  .pipe(z.array(z.string()).max(MAX_LEARNING, `Add at most ${MAX_LEARNING} skills to learn`));

/** Removes repeated skills regardless of case, keeping the first spelling. */
export function dedupeSkills(skills: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const skill of skills) {
    const key = skill.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(skill);
    }
  }
  return out;
}

const AGE_MESSAGE = `Age must be a whole number from ${AGE_MIN} to ${AGE_MAX}`;

/**
 * Age arrives as free text from the form (or a number); empty clears it. Digits are read as a
 * number first, so the OpenAPI document shows the range rule itself.
 */
export const ageInputSchema = z.preprocess(
  (value: number | string | null) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return null;
    return /^\d{1,3}$/.test(text) ? Number(text) : text;
  },
  z.union(
    [z.null(), z.int({ error: AGE_MESSAGE }).min(AGE_MIN, AGE_MESSAGE).max(AGE_MAX, AGE_MESSAGE)],
    { error: AGE_MESSAGE },
  ),
);

const playerIdSchema = z.string().max(200).regex(NO_NUL, noNulMessage("playerId")).nullish();

// ---------- request bodies ----------

export const signupBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema.optional().default(""),
  emailId: emailSchema,
  password: passwordSchema,
  skills: skillsSchema,
  /** What the person wants to learn (optional). */
  learning: learningSchema.optional(),
  playerId: playerIdSchema,
  instagramLink: optionalHttpUrl("Instagram link").optional(),
  otherLink: optionalHttpUrl("Other link").optional(),
  /** Optional, so that older clients keep working; until it is set the person meets nobody. */
  age: ageInputSchema.optional(),
  /** The terms (13 and over) accepted: stored when true; the web form requires it. */
  termsAccepted: z.boolean().optional(),
  /** The proof of work's solution (GET /api/altcha, ALTCHA's payload) and the honeypot. */
  altcha: altchaPayloadSchema,
  website: honeypotFieldSchema,
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** The web's sign-up form: the body, with the terms box required (the server does not require it). */
export const signupFormSchema = signupBodySchema.extend({
  termsAccepted: z.boolean().refine((accepted) => accepted, { error: AGE_MESSAGES.termsRequired }),
});
export type SignupForm = z.input<typeof signupFormSchema>;

/** Discover's prompt for the age: the profile's age rule, and an empty box is not an answer. */
export const ageFormSchema = z.object({
  age: ageInputSchema.refine((age) => age !== null, { error: "Enter your age" }),
});
export type AgeForm = z.input<typeof ageFormSchema>;

export const loginBodySchema = z.object({
  emailId: emailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, "Password is too long"),
  playerId: playerIdSchema,
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const profileEditBodySchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    photoUrl: optionalHttpUrl("Photo URL"),
    age: ageInputSchema,
    gender: genderSchema,
    about: aboutSchema,
    skills: skillsSchema,
    learning: learningSchema,
    instagramLink: optionalHttpUrl("Instagram link"),
    otherLink: optionalHttpUrl("Other link"),
  })
  .partial()
  .strict();
export type ProfileEditBody = z.input<typeof profileEditBodySchema>;

// ---------- password recovery ----------

/** The recovery screens say one thing for any bad email. */
export const recoveryEmailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }))
  .transform((email) => email.toLowerCase());

/** Exactly 6 characters, none of them blank (an empty box in the middle is not a full code). */
export const otpSchema = z
  .string({ error: MESSAGES.enterFullOtp })
  .trim()
  .regex(new RegExp(`^\\S{${OTP_LENGTH}}$`), MESSAGES.enterFullOtp);

export const forgotPasswordBodySchema = z.object({
  emailId: recoveryEmailSchema,
  altcha: altchaPayloadSchema,
  website: honeypotFieldSchema,
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const verifyOtpBodySchema = z.object({ emailId: recoveryEmailSchema, otp: otpSchema });
export type VerifyOtpBody = z.input<typeof verifyOtpBodySchema>;

export const updatePasswordBodySchema = z.object({
  emailId: recoveryEmailSchema,
  password: passwordSchema,
  /** With two-step codes on: a code from the app or a recovery code (decision 121). */
  twoStepCode: z.string().max(40, "That code is too long").optional(),
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBodySchema>;

/** The set-password form: the account's password rules, typed twice. */
export const setPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDiffer,
  });
export type SetPasswordForm = z.input<typeof setPasswordFormSchema>;

export const FEED_CURSOR_INVALID = "This cursor is not valid; start again from the first page.";

/** A feed filter's skill: as a skill is written, or empty (no filter); feed-filter-check.ts too. */
function feedFilterSchema(label: string) {
  const messages = feedFilterMessages(label);
  return z
    .string({ error: messages.notText })
    .trim()
    .max(SKILL_MAX_LENGTH, messages.tooLong)
    .regex(NO_NUL, messages.nul)
    .refine((text) => text === "" || hasVisibleCharacter(text), { error: messages.invisible })
    .optional()
    .transform((text) => (text ? text : undefined));
}

/**
 * `cursor` is the previous answer's `nextCursor` (empty or absent: the first page); `page` is
 * for older clients, which page by number, and is ignored when a cursor is given. `teaches` and
 * `learns` filter the feed; they combine, and go with each page's cursor.
 */
export const feedQuerySchema = z.object({
  cursor: z
    .string()
    .max(128, FEED_CURSOR_INVALID)
    .regex(/^[A-Za-z0-9_-]*$/, FEED_CURSOR_INVALID)
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(FEED_MAX_LIMIT).default(FEED_DEFAULT_LIMIT),
  /** "Can teach me…": only people who know this skill (empty: no filter). */
  teaches: feedFilterSchema(FEED_FILTER_LABELS.teaches),
  /** "Wants to learn…": only people who want to learn this skill (empty: no filter). */
  learns: feedFilterSchema(FEED_FILTER_LABELS.learns),
  /** "My campus": 1 for only people of the viewer's university (none when they have none). */
  campus: z
    .enum(["0", "1", "true", "false"], { error: "campus must be 1 or 0" })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "1" || value === "true")),
});
export type FeedQuery = z.input<typeof feedQuerySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the value is a UUID in any case: only such an id can name a user, request or row. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * An id in a URL path: a UUID in any case. One that is not cannot name anything, so the server's
 * error handler answers it as the route answers an unknown id (its `unknownId`, 404 by default),
 * never 400; the router answers 414 before this for one over 100 characters.
 */
export const pathIdSchema = z.guid({ error: "No such id." });

/** `/…/:userId`: the person a route acts on. */
export const userParamsSchema = z.object({ userId: pathIdSchema });

// The statuses are enums in the params schemas, so the OpenAPI document lists them.
export const sendRequestParamsSchema = z.object({
  status: z.enum(SEND_STATUSES, { error: "Status must be interested or ignored." }),
  userId: pathIdSchema,
});
export const reviewRequestParamsSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: "Status must be accepted or rejected." }),
  requestId: pathIdSchema,
});

// ---------- response shapes ----------

export const cardSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The card size of an upload, else the generated avatar: never empty. */
  photoUrl: z.string(),
  /** All sizes of an uploaded photo; null when the person has none. */
  photo: photoSetSchema.nullable(),
  age: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  about: z.string(),
  skills: z.array(z.string()),
  /** What the person wants to learn, as they typed it. */
  learning: z.array(z.string()),
  /** The university of the person's verified university address; null: none. */
  campus: z.string().nullable(),
});
export type Card = z.infer<typeof cardSchema>;

/** A connection: a Card plus the public profile id, so the list can open their profile. */
export const connectionCardSchema = cardSchema.extend({ publicId: z.string() });
export type ConnectionCard = z.infer<typeof connectionCardSchema>;

/**
 * A feed card: `matchingSkills` are the person's skills (in their spelling) sharing a canonical
 * skill with the viewer's; `related` are those related to one of the viewer's (a framework to its
 * language). The same in the viewer's words, for the card's sentences:
 * - `sharedInYourWords`: the viewer's own spelling of each canonical skill the two share, once
 *   each, in the viewer's order ("You both know JS, Chess" when the viewer typed "JS" and the
 *   person "JavaScript");
 * - `relatedToYours`: once per canonical skill, the person's related skill (their spelling) and
 *   the viewer's skill it relates to (the viewer's spelling): "React ~ your JavaScript".
 */
export const feedCardSchema = cardSchema.extend({
  matchingSkills: z.array(z.string()),
  related: z.array(z.string()),
  sharedInYourWords: z.array(z.string()),
  relatedToYours: z.array(z.object({ skill: z.string(), yours: z.string() })),
  /**
   * What the two can trade: `teachesMe`, the person's skills (their spelling) that the viewer
   * wants to learn; `learnsFromMe`, the viewer's skills (the viewer's spelling) the person wants
   * to learn. Both filled: an exchange both ways, which the feed ranks first.
   */
  exchange: z.object({ teachesMe: z.array(z.string()), learnsFromMe: z.array(z.string()) }),
});
export type FeedCard = z.infer<typeof feedCardSchema>;

/** A feed page: the cards and the cursor of the next page (null: nobody more for now). */
export const feedAnswerSchema = z.object({
  status: z.literal(1),
  message: z.string(),
  data: z.array(feedCardSchema),
  nextCursor: z.string().nullable(),
});
export type FeedAnswer = z.infer<typeof feedAnswerSchema>;

/** GET /api/picks: today's picks (feed cards) and the day they are of (the person's date). */
export const picksAnswerSchema = z.object({
  status: z.literal(1),
  message: z.string(),
  data: z.array(feedCardSchema),
  date: z.string(),
});
export type PicksAnswer = z.infer<typeof picksAnswerSchema>;

/** Me.moderation: the notice a suspended (or, at login, banned) person reads. */
export const moderationNoticeSchema = z
  .object({
    state: z.enum(["suspended", "banned"]),
    reason: z.string(),
    until: z.string().nullable(),
    actionId: z.string(),
    /** Until when an appeal is possible; null once it is too late or appealed. */
    appealUntil: z.string().nullable(),
    appeal: z.object({ state: z.enum(["open", "upheld", "overturned"]) }).nullable(),
  })
  .nullable();
export type ModerationNotice = z.infer<typeof moderationNoticeSchema>;

export const meSchema = cardSchema.extend({
  emailId: z.string(),
  /** Whether the person proved the address is theirs; until then writes to others answer 403. */
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  /** null, or the suspension or ban the person reads a notice about. */
  moderation: moderationNoticeSchema,
  instagramLink: z.string().nullable(),
  otherLink: z.string().nullable(),
  createdAt: z.string(),
  /** Whether sign-in asks for a two-step code after the password. */
  twoStep: z.boolean(),
  /** The language the person chose (or signed up in); null: none, English. */
  locale: z.enum(LOCALES).nullable(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * How the signed-in viewer stands with a public profile's person: `sent` and `received` are
 * pending requests, `closed` an ignored or rejected one. Absent for a visitor.
 */
export const RELATIONSHIPS = ["self", "none", "sent", "received", "connected", "closed"] as const;
export const relationshipSchema = z.enum(RELATIONSHIPS);
export type Relationship = z.infer<typeof relationshipSchema>;

export const publicUserSchema = cardSchema.extend({
  socialLinks: z.object({
    instagramLink: z.string().nullable(),
    otherLink: z.string().nullable(),
  }),
  relationship: relationshipSchema.optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const sentRequestSchema = z.object({
  _id: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  status: z.enum(REQUEST_STATUSES),
});
export type SentRequest = z.infer<typeof sentRequestSchema>;

export const receivedRequestSchema = z.object({
  _id: z.string(),
  fromUserId: cardSchema,
  createdAt: z.string(),
});
export type ReceivedRequest = z.infer<typeof receivedRequestSchema>;

/**
 * GET /user/requests/sent: my requests nobody has answered yet, `ignored` (the people I passed)
 * or `interested` (waiting for their answer); both when no status is given.
 */
export const sentRequestsQuerySchema = z.object({
  status: z.enum(SEND_STATUSES, { error: "Status must be interested or ignored." }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SENT_REQUESTS_PAGE_MAX_LIMIT)
    .default(SENT_REQUESTS_PAGE_DEFAULT_LIMIT),
});
export type SentRequestsQuery = z.infer<typeof sentRequestsQuerySchema>;

/** One of my unanswered requests: the person it went to, as a card, newest first. */
export const pendingSentRequestSchema = z.object({
  _id: z.string(),
  toUserId: cardSchema,
  status: z.enum(SEND_STATUSES),
  createdAt: z.string(),
});
export type PendingSentRequest = z.infer<typeof pendingSentRequestSchema>;

export const reviewedRequestSchema = z.object({
  _id: z.string(),
  status: z.enum(REVIEW_STATUSES),
});

export const deleteRequestParamsSchema = z.object({ requestId: pathIdSchema });
/** Undo of a request not yet answered: the deleted request's id. */
export const deletedRequestSchema = z.object({ _id: z.string() });
export type DeletedRequest = z.infer<typeof deletedRequestSchema>;

export const errorBodySchema = z.object({
  status: z.literal(0),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The success envelope `{ status: 1, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(1), message: z.string(), data });
}
/**
 * A paged list: the items as `data`, and `nextCursor` beside them (also sent in X-Next-Cursor),
 * null on the last page; the next page is asked for with `?cursor=<nextCursor>`.
 */
export function pageAnswerSchema<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal(1),
    message: z.string(),
    data: z.array(item),
    nextCursor: z.string().nullable(),
  });
}
export const okSchema = z.object({ status: z.literal(1), message: z.string() });
/** A success answer with no data, e.g. the public forms'. */
export type OkAnswer = z.infer<typeof okSchema>;
/** The success envelope around `T`, as `envelope(schema)` parses it. */
export type Envelope<T> = z.infer<ReturnType<typeof envelope<z.ZodType<T>>>>;
