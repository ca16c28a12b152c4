import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Bell, Compass, Inbox, MessageCircle, UsersRound } from "lucide-react";
import { NavLink } from "react-router";
import { badgeCount, notificationsLabel } from "@/components/ui/notification-bell.tsx";
import { paths } from "@/config/paths.ts";
import { useLingui } from "@/i18n/runtime.tsx";
import { cn } from "@/lib/cn.ts";

export const SECTION_LINKS = [
  { label: msg`Discover`, to: paths.home, icon: Compass },
  { label: msg`Connections`, to: paths.connections, icon: UsersRound },
  { label: msg`Requests`, to: paths.requests, icon: Inbox },
  { label: msg`Chat`, to: paths.chat, icon: MessageCircle },
] as const;

/** On phones the bell sits in the tab bar, beside the sections. */
const PHONE_LINKS = [
  ...SECTION_LINKS,
  { label: msg`Notifications`, to: paths.notifications, icon: Bell },
] as const;

/** What a section's badge counts, for screen readers. */
const BADGE_WORDS: Partial<Record<string, MessageDescriptor>> = {
  [paths.requests]: msg`pending`,
  [paths.chat]: msg`unread`,
};

/** What a section's badge counts, in the active language ("pending"), or nothing. */
export function spokenBadgeWords(to: string, _: (descriptor: MessageDescriptor) => string): string {
  const words = BADGE_WORDS[to];
  return words ? _(words) : "";
}

/** The count as a screen reader hears it after the label: "Requests (2 pending)". */
function SpokenCount({ to, count }: { to: string; count: number }) {
  const { _ } = useLingui();
  return (
    <>
      {" "}
      <span className="sr-only">
        ({count} {spokenBadgeWords(to, _)})
      </span>
    </>
  );
}

/**
 * Phones: the signed-in sections and the notification centre one tap away at the bottom, with
 * pending requests, unread messages and unread notifications counted.
 */
export function PhoneTabBar({ counts }: { counts: Partial<Record<string, number>> }) {
  const { _ } = useLingui();
  return (
    <nav
      aria-label={_(msg`Sections`)}
      className="dock dock-md z-40 border-t border-base-300 bg-base-100/95 backdrop-blur md:hidden"
    >
      {PHONE_LINKS.map(({ label, to, icon: Icon }) => {
        const count = counts[to] ?? 0;
        return (
          <NavLink
            key={to}
            to={to}
            // The bell's name reads as the top bar's does: "Notifications, 3 unread".
            aria-label={to === paths.notifications ? notificationsLabel(count) : undefined}
            className={({ isActive }) => cn("min-w-0", isActive && "dock-active text-primary")}
          >
            <span className="indicator">
              <Icon aria-hidden="true" className="size-5" />
              {count > 0 ? (
                <span aria-hidden="true" className="indicator-item badge badge-xs badge-secondary">
                  {badgeCount(count)}
                </span>
              ) : null}
            </span>
            <span className="dock-label max-w-full truncate">
              {_(label)}

              {count > 0 && to !== paths.notifications ? (
                <SpokenCount to={to} count={count} />
              ) : null}
            </span>
          </NavLink>
        );
      })}
    </nav>
  );
}
