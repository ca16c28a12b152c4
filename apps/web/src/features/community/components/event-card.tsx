import type { EventListItem } from "@kindred/shared";
import { Trans } from "@lingui/react/macro";
import { CalendarDays, MapPin } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { fullDateTime } from "@/lib/relative-time.ts";
import { DeleteItemButton } from "./delete-item-button.tsx";
import { EventAttendance } from "./event-attendance.tsx";

/** A cancelled event's badge, in the lists and on its page. */
export function CancelledBadge() {
  return (
    <span className="badge badge-error badge-soft shrink-0">
      <Trans>Cancelled</Trans>
    </span>
  );
}

/** One event: title (to its page), when, where, how many are going and what; Delete on the
 * member's own. */
export function EventCard({
  event,
  onDelete,
  landed = false,
}: {
  event: EventListItem;
  /** Shown only on the reader's own events. */
  onDelete?: () => void;
  /** The event just created: outlined, and its title says so. */
  landed?: boolean;
}) {
  return (
    <li
      id={`event-${event._id}`}
      aria-current={landed ? "true" : undefined}
      className={cn(
        "card scroll-mt-24 border border-base-300 bg-base-100 shadow-sm",
        landed && "ring-4 ring-primary",
      )}
    >
      <div className="card-body gap-2 p-5">
        <div className="flex items-start justify-between gap-2">
          <h3 dir="auto" className="min-w-0 text-lg font-semibold break-words">
            <Link to={paths.event(event._id)} className="link link-hover">
              {event.title}
            </Link>
          </h3>
          {event.cancelledAt ? <CancelledBadge /> : null}
          {onDelete ? (
            <DeleteItemButton kind="event" name={event.title} onDelete={onDelete} />
          ) : null}
        </div>
        <p className="flex items-center gap-2 text-sm font-medium text-primary">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <time dateTime={event.date}>{fullDateTime(event.date)}</time>
        </p>
        <p className="flex items-center gap-2 text-sm text-base-content/70">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span dir="auto" className="min-w-0 break-words">
            {event.location}
          </span>
        </p>
        <EventAttendance going={event.going} capacity={event.capacity} />
        <p dir="auto" className="line-clamp-4 break-words whitespace-pre-wrap text-base-content/80">
          {event.description}
        </p>
      </div>
    </li>
  );
}
