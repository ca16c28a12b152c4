import { z } from "zod";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SETTING_KINDS,
  NOTIFICATION_SUBJECT_TYPES,
  NOTIFICATIONS_PAGE_DEFAULT_LIMIT,
  NOTIFICATIONS_PAGE_MAX_LIMIT,
  NOTIFICATIONS_READ_MAX_IDS,
  type NotificationSettingKind,
  PUSH_ENDPOINT_MAX_LENGTH,
  PUSH_KEY_MAX_LENGTH,
} from "./notifications-constants.ts";
import { cardSchema, pageAnswerSchema } from "./schemas.ts";

export * from "./notifications-constants.ts";

// ---------- shapes ----------

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const notificationSchema = z.object({
  _id: z.string(),
  kind: notificationKindSchema,
  /** Most recent first, at most NOTIFICATION_ACTORS_SHOWN; none for a moderation notice. */
  actors: z.array(cardSchema),
  actorCount: z.number().int().min(0),
  subject: z.object({ type: z.enum(NOTIFICATION_SUBJECT_TYPES), _id: z.string() }),
  /**
   * "Ana and 3 others want to connect": the sentence the centre and the push show. A moderation
   * notice's is the one the moderation module wrote (the decision, its reason, how to appeal).
   */
  text: z.string(),
  /** The app path it opens, e.g. /requests or /chat/<userId>. */
  url: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications: one page, newest activity first, in the one paged shape. */
export const notificationPageAnswerSchema = pageAnswerSchema(notificationSchema);
export type NotificationPageAnswer = z.infer<typeof notificationPageAnswerSchema>;

export const notificationsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_PAGE_MAX_LIMIT)
    .default(NOTIFICATIONS_PAGE_DEFAULT_LIMIT),
});

/** The three badges: unread notifications, pending requests, unread chat messages. */
export const unreadCountsSchema = z.object({
  notifications: z.number().int().min(0),
  requests: z.number().int().min(0),
  messages: z.number().int().min(0),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

export const markReadBodySchema = z.union(
  [
    z.strictObject({ ids: z.array(z.guid()).min(1).max(NOTIFICATIONS_READ_MAX_IDS) }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: NOTIFICATION_MESSAGES.badIds },
);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const channelSettingSchema = z.strictObject({ push: z.boolean(), email: z.boolean() });
export type ChannelSetting = z.infer<typeof channelSettingSchema>;

/** Every kind a person chooses for (NOTIFICATION_SETTING_KINDS: all but `moderation`). */
export const notificationSettingsSchema = z.object(
  Object.fromEntries(
    NOTIFICATION_SETTING_KINDS.map((kind) => [kind, channelSettingSchema]),
  ) as Record<NotificationSettingKind, typeof channelSettingSchema>,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT: any subset of kinds, each with either channel or both (`moderation` is not one). */
export const notificationSettingsPatchSchema = z.strictObject(
  Object.fromEntries(
    NOTIFICATION_SETTING_KINDS.map((kind) => [kind, channelSettingSchema.partial().optional()]),
  ) as Record<
    NotificationSettingKind,
    z.ZodOptional<ReturnType<typeof channelSettingSchema.partial>>
  >,
);
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>;

export const pushKeySchema = z.object({ publicKey: z.string() });

/** `PushSubscription.toJSON()` as a browser makes it (expirationTime may come along). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.url({ error: NOTIFICATION_MESSAGES.badEndpoint }).max(PUSH_ENDPOINT_MAX_LENGTH),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .min(1)
      .max(PUSH_KEY_MAX_LENGTH)
      .regex(/^[A-Za-z0-9_-]+=*$/, NOTIFICATION_MESSAGES.badEndpoint),
    auth: z
      .string()
      .min(1)
      .max(PUSH_KEY_MAX_LENGTH)
      .regex(/^[A-Za-z0-9_-]+=*$/, NOTIFICATION_MESSAGES.badEndpoint),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** What a push carries, encrypted (RFC 8291); the service worker shows it. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
