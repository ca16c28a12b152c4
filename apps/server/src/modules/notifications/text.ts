import type { NotificationKind } from "@kindred/shared";

export type NotificationTextInput = {
  kind: NotificationKind;
  /** First names of the actors, most recent first (at least the first two are used). */
  actorNames: string[];
  /** How many actors there are in all (may exceed actorNames.length). */
  actorCount: number;
  /** Messages a `message` notification stands for (ignored for the other kinds). */
  messageCount?: number;
  /** A `moderation` notice's sentence, stored as the moderation module wrote it. */
  storedText?: string | null;
};

/** "Ana", "Ana and Ben", "Ana and 3 others": who did it, by the first names shown. */
function who(names: string[], count: number): string {
  const first = names[0] ?? "Someone";
  if (count <= 1) return first;
  if (count === 2 && names[1]) return `${first} and ${names[1]}`;
  const others = count - 1;
  return `${first} and ${others} ${others === 1 ? "other" : "others"}`;
}

/**
 * The sentence the centre, the push and the mail show. Made when read from the kind, the
 * actors left and the counts, so a block or a deleted account changes it; a moderation notice,
 * which names no one, says what was stored with it.
 */
export function notificationText({
  kind,
  actorNames,
  actorCount,
  messageCount = 1,
  storedText,
}: NotificationTextInput): string {
  const many = actorCount > 1;
  const actors = who(actorNames, actorCount);
  switch (kind) {
    case "request_received":
      return `${actors} ${many ? "want" : "wants"} to connect`;
    case "request_accepted":
      return `${actors} accepted your ${many ? "requests" : "request"}`;
    case "message":
      return messageCount > 1
        ? `${actors} sent you ${messageCount} messages`
        : `${actors} sent you a message`;
    case "event_reminder":
      return "An event you are going to starts soon";
    case "event_promoted":
      return "A place opened up: you are going to the event";
    case "event_cancelled":
      return "An event you were going to was cancelled";
    case "post_reply":
      return `${actors} replied to your post`;
    case "daily_picks":
      return "Your picks for today are ready";
    case "meetup_accepted":
      return `${actors} accepted your time to meet`;
    case "meetup_declined":
      return `${actors} declined your time to meet`;
    case "meetup_cancelled":
      return `${actors} cancelled your meet-up`;
    case "meetup_reminder":
      return `Your meet-up with ${actors} starts soon`;
    case "moderation":
      return storedText ?? "A moderator made a decision about your account";
  }
}
