import {
  type NotificationSettingKind,
  type ReportReason,
  CHAT_MESSAGES as SHARED_CHAT_MESSAGES,
  COMMUNITY_MESSAGES as SHARED_COMMUNITY_MESSAGES,
  MESSAGES as SHARED_MESSAGES,
  MODERATION_MESSAGES as SHARED_MODERATION_MESSAGES,
  NOTIFICATION_MESSAGES as SHARED_NOTIFICATION_MESSAGES,
  PHOTO_MESSAGES as SHARED_PHOTO_MESSAGES,
} from "@kindred/shared";
import { plural, t } from "@lingui/core/macro";
import { i18n } from "@/i18n/runtime.tsx";
import { withSharedTexts } from "@/i18n/shared-text.ts";

/**
 * Every text the web app shows and its tests read: the shared ones (the server sends them too)
 * and those only the web app says. The quoted ones are copied exactly from the specification.
 */
export const MESSAGES = withSharedTexts(SHARED_MESSAGES, {
  get invalidGender() {
    return t`Enter a valid Gender type`;
  },
  get minTags() {
    return t`Minimum 3 tags are required`;
  },
  get tagsHint() {
    return t`Hint: tags can be games, cooking, coding`;
  },
  get enterAllDetails() {
    return t`Please enter all details`;
  },
  get somethingWrong() {
    return t`Something went wrong`;
  },
  get requestSent() {
    return t`Request Sent`;
  },
  get requestFailed() {
    return t`Could not send Request`;
  },
  get feedFailedTitle() {
    return t`Uh oh, feed failed to load!`;
  },
  get feedFailed() {
    return t`Failed to load feed. Please try again.`;
  },
  get feedEmpty() {
    return t`No new users found!`;
  },
  get noConnections() {
    return t` No Connections Found`;
  },
  get noRequests() {
    return t` No Requests Found`;
  },
  get loading() {
    return t`Loading...`;
  },
  get tagPlaceholder() {
    return t`Add a tag`;
  },
  get learningPlaceholder() {
    return t`Add a skill to learn`;
  },
  get sequenceProcess() {
    return t`Please come in Sequence Process`;
  },
} as const);

export const COMMUNITY_MESSAGES = withSharedTexts(SHARED_COMMUNITY_MESSAGES, {
  get loginToPost() {
    return t`Please log in to post.`;
  },
  get sessionExpired() {
    return t`Session expired. Please log in again.`;
  },
  get postFailed() {
    return t`Failed to post. Please try again.`;
  },
  get postConnectionError() {
    return t`An error occurred while posting. Please check your connection and try again.`;
  },
  get noGroups() {
    return t`No groups available. Create one!`;
  },
  get noEvents() {
    return t`No events available. Create one!`;
  },
} as const);

export const CHAT_MESSAGES = withSharedTexts(SHARED_CHAT_MESSAGES, {
  get notShared() {
    return t`Not shared`;
  },
  get activeNow() {
    return t`Active Now`;
  },
  get inactiveNow() {
    return t`Inactive Now`;
  },
  get noConversations() {
    return t`No conversations yet. Connect with people to chat with them.`;
  },
  get pickConversation() {
    return t`Choose a conversation to start chatting.`;
  },
  get sendFailed() {
    return t`Not sent. Retry`;
  },
} as const);

export const NOTIFICATION_MESSAGES = withSharedTexts(SHARED_NOTIFICATION_MESSAGES, {
  get caughtUpTitle() {
    return t`You're all caught up`;
  },
  get caughtUp() {
    return t`New requests, connections and messages will show up here.`;
  },
  get loadFailed() {
    return t`Couldn't load your notifications.`;
  },
  get settingsLoadFailed() {
    return t`Couldn't load your notification settings.`;
  },
  get markAllFailed() {
    return t`Couldn't mark your notifications as read.`;
  },
  get markOneFailed() {
    return t`Couldn't mark the notification as read.`;
  },
  /** The settings say why moderation notices have no switch. */
  get moderationAlwaysSent() {
    return t`Notices from our moderators about your account are always sent: here, by push and by email.`;
  },
} as const);

/**
 * Each kind in the settings, as a screen reader ends its switches: "New connection requests by
 * push", "… by email".
 */
export const NOTIFICATION_KIND_LABELS: Record<
  NotificationSettingKind,
  { label: string; description: string }
> = {
  request_received: {
    get label() {
      return t`New connection requests`;
    },
    get description() {
      return t`Someone wants to connect with you.`;
    },
  },
  request_accepted: {
    get label() {
      return t`Accepted requests`;
    },
    get description() {
      return t`Someone accepted your request to connect.`;
    },
  },
  get message() {
    return { label: t`Chat messages`, description: t`A connection sent you a message.` };
  },
  get event_reminder() {
    return { label: t`Event reminders`, description: t`An event you're going to is soon.` };
  },
  event_promoted: {
    get label() {
      return t`Waitlist places`;
    },
    get description() {
      return t`You moved from an event's waitlist to going.`;
    },
  },
  event_cancelled: {
    get label() {
      return t`Cancelled events`;
    },
    get description() {
      return t`An event you're going to was cancelled.`;
    },
  },
  get post_reply() {
    return { label: t`Replies to your posts`, description: t`Someone replied to your post.` };
  },
  daily_picks: {
    get label() {
      return t`Daily picks`;
    },
    get description() {
      return t`Your picks for the day are ready, at 9:00.`;
    },
  },
  meetup_accepted: {
    get label() {
      return t`Meet-ups accepted`;
    },
    get description() {
      return t`A connection accepted the time you suggested.`;
    },
  },
  meetup_declined: {
    get label() {
      return t`Meet-ups declined`;
    },
    get description() {
      return t`A connection declined the time you suggested.`;
    },
  },
  meetup_cancelled: {
    get label() {
      return t`Meet-ups cancelled`;
    },
    get description() {
      return t`A connection cancelled a meet-up with you.`;
    },
  },
  meetup_reminder: {
    get label() {
      return t`Meet-up reminders`;
    },
    get description() {
      return t`A meet-up of yours is in 24 hours, then in 1 hour.`;
    },
  },
};

/** Discover's filters: who can teach the viewer a skill, who wants to learn one. */
export const FEED_FILTER_COPY = {
  get toggle() {
    return t`Filters`;
  },
  get panel() {
    return t`Filter people`;
  },
  get teaches() {
    return t`Can teach me…`;
  },
  get learns() {
    return t`Wants to learn…`;
  },
  get teachesChip() {
    return t`Can teach me`;
  },
  get learnsChip() {
    return t`Wants to learn`;
  },
  get anySkill() {
    return t`Any skill`;
  },
  get done() {
    return t`Done`;
  },
  get clearAll() {
    return t`Clear filters`;
  },
  get clearTeaches() {
    return t`Clear “Can teach me”`;
  },
  get clearLearns() {
    return t`Clear “Wants to learn”`;
  },
  get campus() {
    return t`My campus`;
  },
  get clearCampus() {
    return t`Clear “My campus”`;
  },
  /** Under the "My campus" switch: whose people it keeps. */
  campusHint: (university: string) => t`Only people from ${university}.`,
  get campusNeedsUniversity() {
    return t`Add your university email in Settings`;
  },
  /** The empty feed, naming the filters to loosen (and the viewer's university for My campus). */
  nobody: (
    { teaches, learns, campus }: { teaches?: string; learns?: string; campus?: boolean },
    university?: string | null,
  ): string => {
    if (campus) {
      const place = university || t`your university`;
      if (teaches && learns)
        return t`Nobody from ${place} who can teach you ${teaches} and wants to learn ${learns} yet.`;
      if (teaches) return t`Nobody from ${place} who can teach you ${teaches} yet.`;
      if (learns) return t`Nobody from ${place} who wants to learn ${learns} yet.`;
      return t`Nobody from ${place} yet.`;
    }
    if (teaches && learns)
      return t`Nobody who can teach you ${teaches} and wants to learn ${learns} yet.`;
    if (teaches) return t`Nobody who can teach you ${teaches} yet.`;
    if (learns) return t`Nobody who wants to learn ${learns} yet.`;
    return t`Nobody yet.`;
  },
  get loosen() {
    return t`Nobody else matches for now: loosen a filter to see more people.`;
  },
} as const;

/** Push notifications on this device: the settings switch and the get-notified prompt. */
export const PUSH_MESSAGES = {
  get switchLabel() {
    return t`Push notifications on this device`;
  },
  get unsupported() {
    return t`This browser cannot show push notifications. Use a current Chrome, Edge, Firefox or Safari; on an iPhone or iPad, add Kindred to your Home Screen first and open it from there.`;
  },
  get denied() {
    return t`Notifications are blocked for Kindred in this browser. To allow them, open the site's settings (the icon at the left of the address bar), set Notifications to Allow, then reload this page.`;
  },
  get promptClosed() {
    return t`Notifications were not allowed. Turn the switch on again to be asked once more.`;
  },
  get turnOnFailed() {
    return t`Couldn't turn on push notifications. Please try again.`;
  },
  get turnOffFailed() {
    return t`Couldn't turn off push notifications. Please try again.`;
  },
  get turnedOn() {
    return t`Push notifications are on for this device.`;
  },
  get promptTitle() {
    return t`Get notified when they answer`;
  },
  get promptBody() {
    return t`Kindred can tell you on this device when someone accepts your request or writes to you, even when the app is closed.`;
  },
  get turnOn() {
    return t`Turn on`;
  },
  get notNow() {
    return t`Not now`;
  },
} as const;

/** The photo picker (profile and signup): the server's sentences and the screens' own. */
export const PHOTO_MESSAGES = withSharedTexts(SHARED_PHOTO_MESSAGES, {
  get heading() {
    return t`Photo`;
  },
  get choose() {
    return t`Choose a photo`;
  },
  get replace() {
    return t`Replace photo`;
  },
  get remove() {
    return t`Remove photo`;
  },
  get removing() {
    return t`Removing…`;
  },
  get save() {
    return t`Save photo`;
  },
  get saving() {
    return t`Saving photo…`;
  },
  get cancel() {
    return t`Cancel`;
  },
  get dropHere() {
    return t`Drop a photo here, or`;
  },
  get dropNow() {
    return t`Drop the photo to use it`;
  },
  get formats() {
    return t`JPEG, PNG, WebP, AVIF or HEIC, up to 10 MB. You choose the part that shows next.`;
  },
  get cropArea() {
    return t`Crop area: drag the photo or use the arrow keys to choose what shows on your card`;
  },
  get cropHint() {
    return t`Drag to move, zoom to get closer. The preview card shows the result.`;
  },
  get zoom() {
    return t`Zoom`;
  },
  get cannotShow() {
    return t`This browser cannot show this photo, so it cannot be cropped here. It will be saved whole, turned upright.`;
  },
  get saveFailed() {
    return t`Your photo was not saved. Please try again.`;
  },
  get removeFailed() {
    return t`Your photo was not removed. Please try again.`;
  },
  get signupHint() {
    return t`Optional: people connect more with a face. You can add or change it later.`;
  },
  signupPhotoFailed: (reason: string) =>
    t`Your account is ready, but your photo was not saved: ${reason} You can add it on your profile.`,
  get urlHint() {
    return t`Or paste the https address of a photo: Kindred keeps its own copy of it.`;
  },
} as const);

/** The community events' own words (the server's sentences are EVENT_MESSAGES in shared). */
export const EVENT_COPY = {
  get upcoming() {
    return t`Upcoming`;
  },
  get past() {
    return t`Past`;
  },
  get noPastEvents() {
    return t`No past events yet.`;
  },
  get compact() {
    return t`Compact`;
  },
  get loadFailed() {
    return t`Could not load the event.`;
  },
  get notFoundTitle() {
    return t`Event not found`;
  },
  get backToEvents() {
    return t`Back to events`;
  },
  get hostNote() {
    return t`You host this event, so you are going.`;
  },
  get pastNote() {
    return t`This event has taken place.`;
  },
  get cancelledNote() {
    return t`This event was cancelled.`;
  },
  get unlimited() {
    return t`Unlimited places`;
  },
  placesLeft: (left: number, capacity: number) => {
    const count = i18n.number(left);
    return plural(capacity, {
      one: `${count} of # place left`,
      other: `${count} of # places left`,
    });
  },
  goingCount: (going: number) => plural(going, { one: "# going", other: "# going" }),
  waitlistCount: (waiting: number) =>
    plural(waiting, { one: "# on the waitlist", other: "# on the waitlist" }),
  waitlistPlace: (place: number) => t`You are #${place} on the waitlist`,
  get nobodyGoing() {
    return t`Nobody is going yet.`;
  },
  get fullHint() {
    return t`The event is full: Going puts you on the waitlist.`;
  },
  moreGoing: (more: number) => plural(more, { one: "and # more", other: "and # more" }),
  get addToCalendar() {
    return t`Add to calendar`;
  },
  get calendarFileFailed() {
    return t`Couldn't download the calendar file.`;
  },
  get cancelEvent() {
    return t`Cancel event`;
  },
  get cancelQuestion() {
    return t`Cancel this event?`;
  },
  get cancelFailed() {
    return t`Couldn't cancel the event.`;
  },
  get subscribeTitle() {
    return t`Subscribe in your calendar`;
  },
  get subscribeText() {
    return t`A private address for calendar apps, listing the events you are going to. Keep it to yourself.`;
  },
  get showAddress() {
    return t`Show address`;
  },
  get copyAddress() {
    return t`Copy address`;
  },
  get addressCopied() {
    return t`Calendar address copied.`;
  },
  get copyFailed() {
    return t`Couldn't copy: select the address and copy it.`;
  },
  get resetAddress() {
    return t`Reset address`;
  },
  get resetQuestion() {
    return t`Reset your calendar address?`;
  },
  get resetWarning() {
    return t`Calendar apps subscribed to the current address stop receiving your events. You get a new address to subscribe with.`;
  },
  get addressFailed() {
    return t`Couldn't load your calendar address.`;
  },
  get resetFailed() {
    return t`Couldn't reset your calendar address.`;
  },
} as const;

export const MODERATION_MESSAGES = withSharedTexts(SHARED_MODERATION_MESSAGES, {
  get reportFailed() {
    return t`The report was not sent. Try again.`;
  },
  get appealFailed() {
    return t`Your appeal was not sent. Try again.`;
  },
  get actionFailed() {
    return t`The action was not saved.`;
  },
  get deletedAccount() {
    return t`Deleted account`;
  },
} as const);

/** What a reporter chooses from, as the report dialog and the moderation screens name it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  get spam() {
    return t`Spam`;
  },
  get harassment() {
    return t`Harassment or bullying`;
  },
  get child_safety() {
    return t`A child may be at risk`;
  },
  get fake() {
    return t`Fake profile`;
  },
  get inappropriate() {
    return t`Inappropriate content`;
  },
  get other() {
    return t`Something else`;
  },
};

/** Why a case opened when no one reported it: the automatic filter or an age change. */
export const CASE_SOURCE_LABELS = {
  get filter() {
    return t`Automatic filter`;
  },
  get age_change() {
    return t`Age change across 18`;
  },
} as const;

/** What was reported, in a sentence's words ("a message"). */
export const REPORT_SUBJECT_LABELS = {
  get user() {
    return t`Person`;
  },
  get message() {
    return t`Message`;
  },
  get post() {
    return t`Post`;
  },
  get reply() {
    return t`Reply`;
  },
  get group() {
    return t`Study group`;
  },
  get event() {
    return t`Event`;
  },
} as const;
