import type { Notification, NotificationKind } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import {
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  type LucideIcon,
  MessageSquareReply,
  ShieldAlert,
} from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { cn } from "@/lib/cn.ts";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 minutes ago", "yesterday", in the active language; null under a minute ("just now"). */
function relativeTime(iso: string, locale: string, now = Date.now()): string | null {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return null;
}

/**
 * What a notification without people (an event's reminder, a moderator's decision, which never
 * names the moderator) shows in their place.
 */
const KIND_ICONS: Partial<Record<NotificationKind, LucideIcon>> = {
  event_reminder: CalendarClock,
  event_promoted: CalendarCheck,
  event_cancelled: CalendarX,
  post_reply: MessageSquareReply,
  moderation: ShieldAlert,
};

/** Up to three faces, overlapping, and "+N" for the others the sentence counts. */
function Actors({ notification }: { notification: Notification }) {
  const { i18n } = useLingui();
  const { actors, actorCount, kind } = notification;
  if (actors.length === 0) {
    const Icon = KIND_ICONS[kind] ?? Bell;
    return (
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
        <Icon className="size-5" />
      </span>
    );
  }
  const more = actorCount - actors.length;
  return (
    <span className="avatar-group shrink-0 -space-x-4">
      {actors.map((actor) => (
        <Avatar
          key={actor._id}
          src={actor.photoUrl}
          photo={actor.photo}
          name={fullName(actor)}
          userId={actor._id}
        />
      ))}
      {more > 0 ? (
        <span className="avatar avatar-placeholder">
          <span className="w-9 rounded-full bg-neutral text-xs text-neutral-content">
            +{new Intl.NumberFormat(i18n.locale).format(Math.min(more, 99))}
          </span>
        </span>
      ) : null}
    </span>
  );
}

/** One notification: who, the sentence, when; unread ones stand out and say so. */
export function NotificationRow({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const { t, i18n } = useLingui();
  const unread = notification.readAt === null;
  const fullDateTime = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "full",
    timeStyle: "short",
  }).format(new Date(notification.createdAt));
  return (
    <li>
      <Link
        to={notification.url}
        onClick={() => onOpen(notification)}
        className={cn(
          "flex items-start gap-3 px-4 py-3 transition-colors hover:bg-base-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
          unread && "bg-primary/5",
        )}
      >
        <span aria-hidden="true" className="pt-0.5">
          <Actors notification={notification} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span
            dir="auto"
            className={cn(
              "[overflow-wrap:anywhere]",
              unread ? "font-semibold text-base-content" : "text-base-content/80",
            )}
          >
            {unread ? (
              <>
                <span className="sr-only">{t`Unread:`}</span>{" "}
              </>
            ) : null}
            {notification.text}
          </span>{" "}
          <time
            dateTime={notification.createdAt}
            title={fullDateTime}
            className="text-xs text-base-content/60"
          >
            {relativeTime(notification.createdAt, i18n.locale) ?? t`just now`}
          </time>
        </span>
        {unread ? (
          <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-primary" />
        ) : null}
      </Link>
    </li>
  );
}
