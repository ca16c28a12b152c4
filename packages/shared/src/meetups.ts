import { z } from "zod";
import { NO_NUL, noNulMessage, optionalHttpUrl } from "./schemas.ts";

// A time to meet: a person's weekly availability (private: others only see overlaps), and
// meet-ups proposed in a chat, accepted or declined by the other, cancellable by either.

/** Hour slots in a week: days 0 (Sunday) to 6, hours 0 to 23, in the person's time zone. */
export const AVAILABILITY_DAYS = 7;
export const AVAILABILITY_HOURS = 24;
/** How far ahead "Suggest a time" looks for overlaps. */
export const OVERLAP_DAYS = 14;
/** The longest meet-up, and how far ahead one may be proposed. */
export const MEETUP_MAX_HOURS = 12;
export const MEETUP_MAX_DAYS_AHEAD = 90;
export const MEETUP_PLACE_MAX_LENGTH = 120;
export const MEETUP_NOTE_MAX_LENGTH = 500;
export const MEETUP_STATES = ["proposed", "accepted", "declined", "cancelled"] as const;
export type MeetupState = (typeof MEETUP_STATES)[number];

/** Texts users and tests read. */
export const MEETUP_MESSAGES = {
  proposed: "Suggested a time to meet",
  notConnected: "You can only suggest a time to a connection.",
  endBeforeStart: "The end must be after the start.",
  inThePast: "Choose a time in the future.",
  tooLong: `A meet-up can last at most ${MEETUP_MAX_HOURS} hours.`,
  tooFar: `Choose a time within the next ${MEETUP_MAX_DAYS_AHEAD} days.`,
  notFound: "No such meet-up.",
  notYours: "Only the person it was suggested to can answer it.",
  alreadyAnswered: "This meet-up was already answered.",
  notActive: "This meet-up is not on any more.",
  badSlot: "Each slot is a day from 0 (Sunday) to 6 and an hour from 0 to 23.",
} as const;

export const availabilitySlotSchema = z.object({
  day: z
    .number({ error: MEETUP_MESSAGES.badSlot })
    .int(MEETUP_MESSAGES.badSlot)
    .min(0, MEETUP_MESSAGES.badSlot)
    .max(AVAILABILITY_DAYS - 1, MEETUP_MESSAGES.badSlot),
  hour: z
    .number({ error: MEETUP_MESSAGES.badSlot })
    .int(MEETUP_MESSAGES.badSlot)
    .min(0, MEETUP_MESSAGES.badSlot)
    .max(AVAILABILITY_HOURS - 1, MEETUP_MESSAGES.badSlot),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

/** PUT /api/account/availability: the whole week (repeats are one). */
export const availabilityBodySchema = z.strictObject({
  slots: z
    .array(availabilitySlotSchema, { error: "Send the slots as a list." })
    .max(AVAILABILITY_DAYS * AVAILABILITY_HOURS * 2, "Too many slots."),
});
export type AvailabilityBody = z.input<typeof availabilityBodySchema>;

/** The person's week, in their time zone (`timeZone`, UTC when they chose none). */
export const availabilitySchema = z.object({
  slots: z.array(availabilitySlotSchema),
  timeZone: z.string(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** GET /api/chat/:userId/overlap: the hours both are free in the next OVERLAP_DAYS days. */
export const overlapSchema = z.array(z.object({ start: z.string(), end: z.string() }));
export type Overlap = z.infer<typeof overlapSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(NO_NUL, noNulMessage(label))
    .optional()
    .transform((value) => (value ? value : null));

/**
 * POST /api/meetups: a proposal to a connection, sent as a chat message. The times' rules (in
 * the future, the end after the start, at most MEETUP_MAX_HOURS) answer 400 MEETUP_TIME.
 */
export const newMeetupBodySchema = z.strictObject({
  withUserId: z.guid({ error: "No such person." }),
  start: z.iso.datetime({ offset: true, error: "Give the start as an ISO date and time." }),
  end: z.iso.datetime({ offset: true, error: "Give the end as an ISO date and time." }),
  place: optionalText(MEETUP_PLACE_MAX_LENGTH, "The place"),
  link: optionalHttpUrl("The video link").optional(),
  note: optionalText(MEETUP_NOTE_MAX_LENGTH, "The note"),
});
export type NewMeetupBody = z.input<typeof newMeetupBodySchema>;

/** A meet-up as both people see it. */
export const meetupSchema = z.object({
  _id: z.string(),
  /** Who proposed it, and to whom. */
  proposedBy: z.string(),
  proposedTo: z.string(),
  start: z.string(),
  end: z.string(),
  place: z.string().nullable(),
  link: z.string().nullable(),
  note: z.string().nullable(),
  state: z.enum(MEETUP_STATES),
  /** Who cancelled it (null: nobody). */
  cancelledBy: z.string().nullable(),
});
export type Meetup = z.infer<typeof meetupSchema>;
