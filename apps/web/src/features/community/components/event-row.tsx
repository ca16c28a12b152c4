import type { EventListItem } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { attendanceText } from "./event-attendance.tsx";
import { CancelledBadge } from "./event-card.tsx";

const SHORT_DATE: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
};

/** One event in the compact list: when, title (to its page), where and how many are going. */
export function EventRow({ event, landed = false }: { event: EventListItem; landed?: boolean }) {
  const { i18n } = useLingui();
  return (
    <li
      id={`event-${event._id}`}
      aria-current={landed ? "true" : undefined}
      className={cn(
        "flex scroll-mt-24 flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4",
        landed && "bg-primary/10 ring-2 ring-primary ring-inset",
      )}
    >
      <time
        dateTime={event.date}
        className="shrink-0 text-sm font-medium text-primary tabular-nums sm:w-44"
      >
        {new Intl.DateTimeFormat(i18n.locale, SHORT_DATE).format(new Date(event.date))}
      </time>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <Link
            to={paths.event(event._id)}
            dir="auto"
            className="link link-hover min-w-0 font-semibold break-words"
          >
            {event.title}
          </Link>
          {event.cancelledAt ? <CancelledBadge /> : null}
        </div>
        <p className="text-sm break-words text-base-content/70">
          <span dir="auto">{event.location}</span> · {attendanceText(event.going, event.capacity)}
        </p>
      </div>
    </li>
  );
}
