// The constants and texts of notifications.ts, without zod: a screen that needs only these does
// not load it.

// ---------- constants ----------

/**
 * What is worth telling a person. The first three exist today; the event and post kinds come with
 * group and event membership and are part of the settings from the start. `daily_picks`: the
 * day's picks are ready (its actor is the first pick). The meet-up kinds: the other person
 * accepted, declined or cancelled a meet-up, or it starts soon (24 h and 1 h before). `moderation` is a
 * moderator's decision about the person, or the outcome of their appeal: its sentence is stored
 * as the moderation module wrote it, and it names no one.
 */
export const NOTIFICATION_KINDS = [
  "request_received",
  "request_accepted",
  "message",
  "event_reminder",
  "event_promoted",
  "event_cancelled",
  "post_reply",
  "daily_picks",
  "meetup_accepted",
  "meetup_declined",
  "meetup_cancelled",
  "meetup_reminder",
  "moderation",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds a person chooses push and email for. A moderation notice is always delivered: in the
 * centre and by push, and the moderation module mails it at once (so no digest names it); it has
 * no setting.
 */
export type NotificationSettingKind = Exclude<NotificationKind, "moderation">;
export const NOTIFICATION_SETTING_KINDS = NOTIFICATION_KINDS.filter(
  (kind): kind is NotificationSettingKind => kind !== "moderation",
);

export const NOTIFICATION_SUBJECT_TYPES = [
  "request",
  "connection",
  "message",
  "event",
  "group",
  "post",
  "moderation_action",
  "picks",
  "meetup",
] as const;
export type NotificationSubjectType = (typeof NOTIFICATION_SUBJECT_TYPES)[number];

/** Actors shown on one grouped notification (the count says how many there are in all). */
export const NOTIFICATION_ACTORS_SHOWN = 3;
export const NOTIFICATIONS_PAGE_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_PAGE_MAX_LIMIT = 50;
/** Ids one mark-as-read call may name. */
export const NOTIFICATIONS_READ_MAX_IDS = 100;

/** Push subscription fields: a browser's endpoint is a URL of a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
export const PUSH_KEY_MAX_LENGTH = 256;

/** Texts users and tests read. */
export const NOTIFICATION_MESSAGES = {
  badIds: "Name the notifications to mark as read, or all of them.",
  settingsSaved: "Notification settings saved.",
  subscriptionNotFound: "This device is not subscribed.",
  endpointNotHttps: "A push endpoint must be an https address.",
  endpointNotPublic: "A push endpoint must be a public internet address.",
  badEndpoint: "This is not a push subscription a browser makes.",
  badPublicKey: "The subscription's p256dh key must be a P-256 public key (65 bytes, base64url).",
  badAuthSecret: "The subscription's auth secret must be 16 bytes (base64url).",
} as const;
