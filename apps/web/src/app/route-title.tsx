import type { MessageDescriptor } from "@lingui/core";
import { useCallback, useEffect, useRef } from "react";
import { Outlet, useLocation, useMatches, useNavigate } from "react-router";
import { useLingui } from "@/i18n/runtime.tsx";
import { SiteNavigation } from "@/lib/site-link.tsx";
import { documentTitle } from "@/lib/use-document-title.ts";

/**
 * A route's `handle.title`, e.g. "Discover people", shown as "Discover people · Kindred"; an
 * empty title is the bare site name. A route without one (a person's profile) sets its own.
 */
export type RouteHandle = { title?: MessageDescriptor | "" };

/**
 * The root of every route: keeps the document title in step with the deepest titled route, and
 * opens the site's own links (SiteLink) through the router. As the router's own links do, a link
 * to the address already shown replaces it instead of adding a step to the history.
 */
export function RootRoute() {
  const matches = useMatches();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef("");
  here.current = `${location.pathname}${location.search}${location.hash}`;
  const open = useCallback(
    (to: string) => void navigate(to, { replace: to === here.current }),
    [navigate],
  );
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((value) => value !== undefined)
    .pop();
  const { _ } = useLingui();
  const text = title === undefined ? undefined : title === "" ? "" : _(title);
  useEffect(() => {
    if (text !== undefined) document.title = documentTitle(text);
  }, [text]);
  return (
    <SiteNavigation.Provider value={open}>
      <Outlet />
    </SiteNavigation.Provider>
  );
}
