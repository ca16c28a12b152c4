import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, theAdmin, watchContext } from "../fixtures.ts";
import {
  type Audience,
  makeTourScene,
  routesFor,
  type Theme,
  tourRoutes,
  useTheme,
} from "./support/route-tour.ts";

/** WCAG 2.1 A and AA, the level the product promises (issue 43). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The violations of impact serious or critical on the page as it is now, one line per node. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary?.replaceAll("\n", " ") ?? violation.help}`,
      ),
    );
}

for (const theme of ["light", "dark"] as const satisfies Theme[]) {
  // The member's own screens in both themes; the visitor's, the member's public pages and the
  // moderator's tours run with `AXE_TOURS=all` (each takes minutes on a 2-core machine).
  for (const audience of (process.env.AXE_TOURS === "all"
    ? ["visitor", "member", "member on public pages", "moderator"]
    : ["member"]) as Audience[]) {
    test(`axe finds no serious or critical WCAG 2.1 AA violation on any route, ${audience}, ${theme} theme`, async ({
      baseURL,
      browser,
      createUser,
      apiAs,
      joinCommunity,
      consoleProblems,
    }) => {
      // Up to twenty-six screens, each loaded and measured by axe.
      test.setTimeout(300_000);
      const admin = await theAdmin(baseURL as string);
      const scene = await makeTourScene({ createUser, apiAs, joinCommunity }, await apiAs(admin));
      const storageState =
        audience === "member" || audience === "member on public pages"
          ? scene.ana.storageState
          : audience === "moderator"
            ? admin.storageState
            : undefined;
      const context = await browser.newContext({ storageState });
      try {
        watchContext(context, consoleProblems);
        await useTheme(context, theme);
        const page = await context.newPage();
        await tourRoutes(page, {
          theme,
          routes: routesFor(audience, scene),
          onRoute: async ({ url }) => {
            // Soft: every route is measured, and each one's violations are reported on their own.
            expect.soft(await seriousViolations(page), `${url} in the ${theme} theme`).toEqual([]);
          },
        });
      } finally {
        await context.close();
        await scene.cleanUp();
      }
    });
  }
}
