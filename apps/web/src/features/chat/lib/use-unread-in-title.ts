import { useEffect } from "react";
import { useLocation } from "react-router";

const COUNT_PREFIX = /^\(\d+\+?\) /;

/**
 * "(3) Chat · Kindred": the unread count in front of whatever title the route set. It runs after
 * the route's own title (a timeout), so a navigation does not wipe it.
 */
export function useUnreadInTitle(unread: number) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation sets a new title to prefix
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(COUNT_PREFIX, "");
      document.title = unread > 0 ? `(${unread > 99 ? "99+" : unread}) ${base}` : base;
    };
    apply();
    const timer = setTimeout(apply, 0);
    return () => clearTimeout(timer);
  }, [unread, pathname]);
}
