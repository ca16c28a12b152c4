import { Compass, Inbox, MessageCircle, UsersRound } from "lucide-react";
import { NavLink } from "react-router";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";

export const SECTION_LINKS = [
  { label: "Discover", to: paths.home, icon: Compass },
  { label: "Connections", to: paths.connections, icon: UsersRound },
  { label: "Requests", to: paths.requests, icon: Inbox },
  { label: "Chat", to: paths.chat, icon: MessageCircle },
] as const;

/** What a section's badge counts, for screen readers. */
export const BADGE_WORDS: Partial<Record<string, string>> = {
  [paths.requests]: "pending",
  [paths.chat]: "unread",
};

/** Phones: the signed-in sections one tap away at the bottom, with pending requests and unread messages counted. */
export function PhoneTabBar({ counts }: { counts: Partial<Record<string, number>> }) {
  return (
    <nav
      aria-label="Sections"
      className="dock dock-md z-40 border-t border-base-300 bg-base-100/95 backdrop-blur md:hidden"
    >
      {SECTION_LINKS.map(({ label, to, icon: Icon }) => {
        const count = counts[to] ?? 0;
        return (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) => cn(isActive && "dock-active text-primary")}
          >
            <span className="indicator">
              <Icon aria-hidden="true" className="size-5" />
              {count > 0 ? (
                <span aria-hidden="true" className="indicator-item badge badge-xs badge-secondary">
                  {count > 99 ? "99+" : count}
                </span>
              ) : null}
            </span>
            <span className="dock-label">
              {label}
              {count > 0 ? (
                <span className="sr-only">
                  {" "}
                  ({count} {BADGE_WORDS[to]})
                </span>
              ) : null}
            </span>
          </NavLink>
        );
      })}
    </nav>
  );
}
