import { t } from "@lingui/core/macro";
import { Bell } from "lucide-react";
import { NavLink } from "react-router";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";

/** "Notifications, 3 unread", or "Notifications" when there is nothing new. */
export function notificationsLabel(unread: number): string {
  return unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`;
}

/** A badge's text: the count, or 99+ past that. */
export function badgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** The top bar's bell: a link to the notification centre with the unread count on it. */
export function NotificationBell({ unread, className }: { unread: number; className?: string }) {
  return (
    <NavLink
      to={paths.notifications}
      aria-label={notificationsLabel(unread)}
      title={t`Notifications`}
      className={({ isActive }) =>
        cn("btn btn-ghost btn-circle", isActive && "btn-active", className)
      }
    >
      <span className="indicator">
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span aria-hidden="true" className="indicator-item badge badge-secondary badge-xs">
            {badgeCount(unread)}
          </span>
        ) : null}
      </span>
    </NavLink>
  );
}
