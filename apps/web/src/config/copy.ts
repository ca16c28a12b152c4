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

/**
 * Every text the web app shows and its tests read: the shared ones (the server sends them too)
 * and those only the web app says. The quoted ones are copied exactly from the specification.
 */
export const MESSAGES = {
  ...SHARED_MESSAGES,
  invalidGender: "Enter a valid Gender type",
  minTags: "Minimum 3 tags are required",
  tagsHint: "Hint: tags can be games, cooking, coding",
  enterAllDetails: "Please enter all details",
  somethingWrong: "Something went wrong",
  requestSent: "Request Sent",
  requestFailed: "Could not send Request",
  feedFailedTitle: "Uh oh, feed failed to load!",
  feedFailed: "Failed to load feed. Please try again.",
  feedEmpty: "No new users found!",
  noConnections: " No Connections Found",
  noRequests: " No Requests Found",
  loading: "Loading...",
  tagPlaceholder: "Add a tag",
  learningPlaceholder: "Add a skill to learn",
  sequenceProcess: "Please come in Sequence Process",
} as const;

export const COMMUNITY_MESSAGES = {
  ...SHARED_COMMUNITY_MESSAGES,
  loginToPost: "Please log in to post.",
  sessionExpired: "Session expired. Please log in again.",
  postFailed: "Failed to post. Please try again.",
  postConnectionError:
    "An error occurred while posting. Please check your connection and try again.",
  noGroups: "No groups available. Create one!",
  noEvents: "No events available. Create one!",
} as const;

export const CHAT_MESSAGES = {
  ...SHARED_CHAT_MESSAGES,
  notShared: "Not shared",
  activeNow: "Active Now",
  inactiveNow: "Inactive Now",
  noConversations: "No conversations yet. Connect with people to chat with them.",
  pickConversation: "Choose a conversation to start chatting.",
  sendFailed: "Not sent. Retry",
} as const;

export const NOTIFICATION_MESSAGES = {
  ...SHARED_NOTIFICATION_MESSAGES,
  caughtUpTitle: "You're all caught up",
  caughtUp: "New requests, connections and messages will show up here.",
  loadFailed: "Couldn't load your notifications.",
  settingsLoadFailed: "Couldn't load your notification settings.",
  markAllFailed: "Couldn't mark your notifications as read.",
  markOneFailed: "Couldn't mark the notification as read.",
  /** The settings say why moderation notices have no switch. */
  moderationAlwaysSent:
    "Notices from our moderators about your account are always sent: here, by push and by email.",
} as const;

/**
 * Each kind in the settings, as a screen reader ends its switches: "New connection requests by
 * push", "… by email".
 */
export const NOTIFICATION_KIND_LABELS: Record<
  NotificationSettingKind,
  { label: string; description: string }
> = {
  request_received: {
    label: "New connection requests",
    description: "Someone wants to connect with you.",
  },
  request_accepted: {
    label: "Accepted requests",
    description: "Someone accepted your request to connect.",
  },
  message: { label: "Chat messages", description: "A connection sent you a message." },
  event_reminder: { label: "Event reminders", description: "An event you're going to is soon." },
  event_promoted: {
    label: "Waitlist places",
    description: "You moved from an event's waitlist to going.",
  },
  event_cancelled: {
    label: "Cancelled events",
    description: "An event you're going to was cancelled.",
  },
  post_reply: { label: "Replies to your posts", description: "Someone replied to your post." },
  daily_picks: {
    label: "Daily picks",
    description: "Your picks for the day are ready, at 9:00.",
  },
  meetup_accepted: {
    label: "Meet-ups accepted",
    description: "A connection accepted the time you suggested.",
  },
  meetup_declined: {
    label: "Meet-ups declined",
    description: "A connection declined the time you suggested.",
  },
  meetup_cancelled: {
    label: "Meet-ups cancelled",
    description: "A connection cancelled a meet-up with you.",
  },
  meetup_reminder: {
    label: "Meet-up reminders",
    description: "A meet-up of yours is in 24 hours, then in 1 hour.",
  },
};

/** Discover's filters: who can teach the viewer a skill, who wants to learn one. */
export const FEED_FILTER_COPY = {
  toggle: "Filters",
  panel: "Filter people",
  teaches: "Can teach me…",
  learns: "Wants to learn…",
  teachesChip: "Can teach me",
  learnsChip: "Wants to learn",
  anySkill: "Any skill",
  done: "Done",
  clearAll: "Clear filters",
  clearTeaches: "Clear “Can teach me”",
  clearLearns: "Clear “Wants to learn”",
  campus: "My campus",
  clearCampus: "Clear “My campus”",
  /** Under the "My campus" switch: whose people it keeps. */
  campusHint: (university: string) => `Only people from ${university}.`,
  campusNeedsUniversity: "Add your university email in Settings",
  /** The empty feed, naming the filters to loosen (and the viewer's university for My campus). */
  nobody: (
    { teaches, learns, campus }: { teaches?: string; learns?: string; campus?: boolean },
    university?: string | null,
  ) => {
    const from = campus ? ` from ${university || "your university"}` : "";
    const who = [
      teaches ? `can teach you ${teaches}` : "",
      learns ? `wants to learn ${learns}` : "",
    ].filter(Boolean);
    return who.length ? `Nobody${from} who ${who.join(" and ")} yet.` : `Nobody${from} yet.`;
  },
  loosen: "Nobody else matches for now: loosen a filter to see more people.",
} as const;

/** Push notifications on this device: the settings switch and the get-notified prompt. */
export const PUSH_MESSAGES = {
  switchLabel: "Push notifications on this device",
  unsupported:
    "This browser cannot show push notifications. Use a current Chrome, Edge, Firefox or Safari; on an iPhone or iPad, add Kindred to your Home Screen first and open it from there.",
  denied:
    "Notifications are blocked for Kindred in this browser. To allow them, open the site's settings (the icon at the left of the address bar), set Notifications to Allow, then reload this page.",
  promptClosed: "Notifications were not allowed. Turn the switch on again to be asked once more.",
  turnOnFailed: "Couldn't turn on push notifications. Please try again.",
  turnOffFailed: "Couldn't turn off push notifications. Please try again.",
  turnedOn: "Push notifications are on for this device.",
  promptTitle: "Get notified when they answer",
  promptBody:
    "Kindred can tell you on this device when someone accepts your request or writes to you, even when the app is closed.",
  turnOn: "Turn on",
  notNow: "Not now",
} as const;

/** The photo picker (profile and signup): the server's sentences and the screens' own. */
export const PHOTO_MESSAGES = {
  ...SHARED_PHOTO_MESSAGES,
  heading: "Photo",
  choose: "Choose a photo",
  replace: "Replace photo",
  remove: "Remove photo",
  removing: "Removing…",
  save: "Save photo",
  saving: "Saving photo…",
  cancel: "Cancel",
  dropHere: "Drop a photo here, or",
  dropNow: "Drop the photo to use it",
  formats: "JPEG, PNG, WebP, AVIF or HEIC, up to 10 MB. You choose the part that shows next.",
  cropArea: "Crop area: drag the photo or use the arrow keys to choose what shows on your card",
  cropHint: "Drag to move, zoom to get closer. The preview card shows the result.",
  zoom: "Zoom",
  cannotShow:
    "This browser cannot show this photo, so it cannot be cropped here. It will be saved whole, turned upright.",
  saveFailed: "Your photo was not saved. Please try again.",
  removeFailed: "Your photo was not removed. Please try again.",
  signupHint: "Optional: people connect more with a face. You can add or change it later.",
  signupPhotoFailed: (reason: string) =>
    `Your account is ready, but your photo was not saved: ${reason} You can add it on your profile.`,
  urlHint: "Or paste the https address of a photo: Kindred keeps its own copy of it.",
} as const;

/** The community events' own words (the server's sentences are EVENT_MESSAGES in shared). */
export const EVENT_COPY = {
  upcoming: "Upcoming",
  past: "Past",
  noPastEvents: "No past events yet.",
  compact: "Compact",
  loadFailed: "Could not load the event.",
  notFoundTitle: "Event not found",
  backToEvents: "Back to events",
  hostNote: "You host this event, so you are going.",
  pastNote: "This event has taken place.",
  cancelledNote: "This event was cancelled.",
  unlimited: "Unlimited places",
  placesLeft: (left: number, capacity: number) =>
    `${left.toLocaleString()} of ${capacity.toLocaleString()} ${capacity === 1 ? "place" : "places"} left`,
  goingCount: (going: number) => `${going.toLocaleString()} going`,
  waitlistCount: (waiting: number) => `${waiting.toLocaleString()} on the waitlist`,
  waitlistPlace: (place: number) => `You are #${place} on the waitlist`,
  nobodyGoing: "Nobody is going yet.",
  fullHint: "The event is full: Going puts you on the waitlist.",
  moreGoing: (more: number) => `and ${more.toLocaleString()} more`,
  addToCalendar: "Add to calendar",
  calendarFileFailed: "Couldn't download the calendar file.",
  cancelEvent: "Cancel event",
  cancelQuestion: "Cancel this event?",
  cancelFailed: "Couldn't cancel the event.",
  subscribeTitle: "Subscribe in your calendar",
  subscribeText:
    "A private address for calendar apps, listing the events you are going to. Keep it to yourself.",
  showAddress: "Show address",
  copyAddress: "Copy address",
  addressCopied: "Calendar address copied.",
  copyFailed: "Couldn't copy: select the address and copy it.",
  resetAddress: "Reset address",
  resetQuestion: "Reset your calendar address?",
  resetWarning:
    "Calendar apps subscribed to the current address stop receiving your events. You get a new address to subscribe with.",
  addressFailed: "Couldn't load your calendar address.",
  resetFailed: "Couldn't reset your calendar address.",
} as const;

export const MODERATION_MESSAGES = {
  ...SHARED_MODERATION_MESSAGES,
  reportFailed: "The report was not sent. Try again.",
  appealFailed: "Your appeal was not sent. Try again.",
  actionFailed: "The action was not saved.",
  deletedAccount: "Deleted account",
} as const;

/** What a reporter chooses from, as the report dialog and the moderation screens name it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment or bullying",
  child_safety: "A child may be at risk",
  fake: "Fake profile",
  inappropriate: "Inappropriate content",
  other: "Something else",
};

/** Why a case opened when no one reported it: the automatic filter or an age change. */
export const CASE_SOURCE_LABELS = {
  filter: "Automatic filter",
  age_change: "Age change across 18",
} as const;

/** What was reported, in a sentence's words ("a message"). */
export const REPORT_SUBJECT_LABELS = {
  user: "Person",
  message: "Message",
  post: "Post",
  reply: "Reply",
  group: "Study group",
  event: "Event",
} as const;
