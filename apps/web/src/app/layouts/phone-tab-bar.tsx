import { Compass, Inbox, UsersRound } from "lucide-react";
import { NavLink } from "react-router";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";

export const SECTION_LINKS = [
  { label: "Discover", to: paths.home, icon: Compass },
  { label: "Connections", to: paths.connections, icon: UsersRound },
  { label: "Requests", to: paths.requests, icon: Inbox },
] as const;

/** Phones: the three signed-in sections one tap away at the bottom, with pending requests counted. */
export function PhoneTabBar({ pendingRequests }: { pendingRequests: number }) {
  return (
    <nav
      aria-label="Sections"
      className="dock dock-md z-40 border-t border-base-300 bg-base-100/95 backdrop-blur md:hidden"
    >
      {SECTION_LINKS.map(({ label, to, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) => cn(isActive && "dock-active text-primary")}
        >
          <span className="indicator">
            <Icon aria-hidden="true" className="size-5" />
            {to === paths.requests && pendingRequests > 0 ? (
              <span aria-hidden="true" className="indicator-item badge badge-xs badge-secondary">
                {pendingRequests > 99 ? "99+" : pendingRequests}
              </span>
            ) : null}
          </span>
          <span className="dock-label">
            {label}
            {to === paths.requests && pendingRequests > 0 ? (
              <span className="sr-only"> ({pendingRequests} pending)</span>
            ) : null}
          </span>
        </NavLink>
      ))}
    </nav>
  );
}
