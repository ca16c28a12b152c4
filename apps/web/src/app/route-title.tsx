import { useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { documentTitle } from "@/lib/use-document-title.ts";

/**
 * A route's `handle.title`, e.g. "Discover people", shown as "Discover people · Kindred"; an
 * empty title is the bare site name. A route without one (a person's profile) sets its own.
 */
export type RouteHandle = { title?: string };

/** The root of every route: keeps the document title in step with the deepest titled route. */
export function RootRoute() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((value) => value !== undefined)
    .pop();
  useEffect(() => {
    if (title !== undefined) document.title = documentTitle(title);
  }, [title]);
  return <Outlet />;
}
