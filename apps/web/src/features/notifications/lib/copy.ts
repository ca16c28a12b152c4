import type { NotificationSettingKind } from "@kindred/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The notification centre's and settings' texts as messages: the same English, word for word, as
 * NOTIFICATION_MESSAGES and NOTIFICATION_KIND_LABELS in config/copy.ts, which the tests read.
 */
export const NOTIFICATION_COPY = {
  caughtUpTitle: msg`You're all caught up`,
  caughtUp: msg`New requests, connections and messages will show up here.`,
  loadFailed: msg`Couldn't load your notifications.`,
  settingsLoadFailed: msg`Couldn't load your notification settings.`,
  markAllFailed: msg`Couldn't mark your notifications as read.`,
  markOneFailed: msg`Couldn't mark the notification as read.`,
  moderationAlwaysSent: msg`Notices from our moderators about your account are always sent: here, by push and by email.`,
} as const;

export const KIND_COPY: Record<
  NotificationSettingKind,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  request_received: {
    label: msg`New connection requests`,
    description: msg`Someone wants to connect with you.`,
  },
  request_accepted: {
    label: msg`Accepted requests`,
    description: msg`Someone accepted your request to connect.`,
  },
  message: { label: msg`Chat messages`, description: msg`A connection sent you a message.` },
  event_reminder: {
    label: msg`Event reminders`,
    description: msg`An event you're going to is soon.`,
  },
  event_promoted: {
    label: msg`Waitlist places`,
    description: msg`You moved from an event's waitlist to going.`,
  },
  event_cancelled: {
    label: msg`Cancelled events`,
    description: msg`An event you're going to was cancelled.`,
  },
  post_reply: {
    label: msg`Replies to your posts`,
    description: msg`Someone replied to your post.`,
  },
  daily_picks: {
    label: msg`Daily picks`,
    description: msg`Your picks for the day are ready, at 9:00.`,
  },
  meetup_accepted: {
    label: msg`Meet-ups accepted`,
    description: msg`A connection accepted the time you suggested.`,
  },
  meetup_declined: {
    label: msg`Meet-ups declined`,
    description: msg`A connection declined the time you suggested.`,
  },
  meetup_cancelled: {
    label: msg`Meet-ups cancelled`,
    description: msg`A connection cancelled a meet-up with you.`,
  },
  meetup_reminder: {
    label: msg`Meet-up reminders`,
    description: msg`A meet-up of yours is in 24 hours, then in 1 hour.`,
  },
};
