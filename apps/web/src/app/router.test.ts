import { PAGE_PATTERNS } from "@kindred/shared/paths";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "./router.tsx";

function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

describe("the route table", () => {
  // The server answers 404 for any address outside PAGE_PATTERNS: a page the router has and the
  // list lacks would be a 404 when opened directly, and the reverse a 200 for a page that is not.
  it("routes exactly the page patterns the server knows, plus the catch-all", () => {
    const routed = routePaths(routes);
    expect(routed.filter((path) => path !== "*").sort()).toEqual(
      Object.values(PAGE_PATTERNS).sort(),
    );
    expect(routed).toContain("*");
  });
});
