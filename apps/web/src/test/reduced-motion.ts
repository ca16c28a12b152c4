import { vi } from "vitest";

/**
 * The browser prefers reduced motion (or not): `matchMedia` answers the reduced-motion query so,
 * and every other query with no match unless it is one of `alsoMatching` (a mouse's
 * "(hover: hover) and (pointer: fine)"). Counters then show their figures as soon as they arrive.
 */
export function preferReducedMotion(reduce = true, alsoMatching: readonly string[] = []) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches:
          (reduce && query.includes("prefers-reduced-motion: reduce")) ||
          alsoMatching.includes(query),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
