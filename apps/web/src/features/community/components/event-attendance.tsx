import { Users } from "lucide-react";
import { EVENT_COPY } from "@/config/copy.ts";
import { cn } from "@/lib/cn.ts";

/** "3 going · 7 of 10 places left", or "3 going · Unlimited places". */
export function attendanceText(going: number, capacity: number | null): string {
  const places =
    capacity === null
      ? EVENT_COPY.unlimited
      : EVENT_COPY.placesLeft(Math.max(0, capacity - going), capacity);
  return `${EVENT_COPY.goingCount(going)} · ${places}`;
}

/** How many are going and the places left, with a people icon. */
export function EventAttendance({
  going,
  capacity,
  className,
}: {
  going: number;
  capacity: number | null;
  className?: string;
}) {
  const full = capacity !== null && going >= capacity;
  return (
    <p className={cn("flex items-center gap-2 text-sm text-base-content/70", className)}>
      <Users aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn("min-w-0", full && "font-semibold text-base-content")}>
        {attendanceText(going, capacity)}
      </span>
    </p>
  );
}
