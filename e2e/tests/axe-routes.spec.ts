import type { Page } from "@playwright/test";
import { expect, test, theAdmin, watchContext } from "../fixtures.ts";
import { COLOUR_RULES, seriousViolations } from "./support/axe.ts";
import type { Locale } from "./support/catalog.ts";
import {
  type Audience,
  makeTourScene,
  routesFor,
  type Theme,
  tourRoutes,
  useTheme,
} from "./support/route-tour.ts";

/** Turns the open page to `theme` the way the theme switch does (colours change at once). */
async function showTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => document.documentElement.setAttribute("data-theme", value), theme);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

const AUDIENCES: Audience[] = ["visitor", "member", "member on public pages", "moderator"];
const LOCALES: Locale[] = ["en", "es", "ar"];

for (const locale of LOCALES) {
  for (const audience of AUDIENCES) {
    test(`axe finds no serious or critical WCAG 2.1 AA violation on any route, ${audience}, in ${locale}, light and dark`, async ({
      baseURL,
      browser,
      createUser,
      apiAs,
      joinCommunity,
      consoleProblems,
      allowConsoleErrors,
    }) => {
      // The not-found pages answer 404, which Chromium logs as a failed load.
      allowConsoleErrors(/\/(not-found|no-such-page): Failed to load resource: .* 404/);
      // Up to twenty-six screens, each loaded once and measured by axe in both themes.
      test.setTimeout(300_000);
      const admin = await apiAs(await theAdmin(baseURL as string));
      const scene = await makeTourScene({ createUser, apiAs, joinCommunity }, admin);
      let walker: Awaited<ReturnType<typeof createUser>> | undefined;
      if (audience === "member" || audience === "member on public pages") {
        walker = scene.ana;
      } else if (audience === "moderator") {
        // A moderator of their own, so the run's admin keeps the language other tests expect.
        walker = await createUser();
        await admin.put(`/api/moderation/roles/${walker.me._id}`, { role: "admin" });
      }
      // A visitor's language comes from the browser; a member's from the account.
      if (walker && locale !== "en") {
        await (await apiAs(walker)).put("/api/account/settings", { locale });
      }
      const context = await browser.newContext({
        storageState: walker?.storageState,
        locale: locale === "en" ? "en-US" : locale,
      });
      try {
        watchContext(context, consoleProblems);
        await useTheme(context, "light");
        const page = await context.newPage();
        await tourRoutes(page, {
          theme: "light",
          locale,
          routes: routesFor(audience, scene, locale),
          onRoute: async ({ url }) => {
            // Soft: every route is measured, and each one's violations are reported on their own.
            expect.soft(await seriousViolations(page), `${url}, ${locale}, light`).toEqual([]);
            // The dark theme changes colours only: the rules that read them run again.
            await showTheme(page, "dark");
            expect
              .soft(
                await seriousViolations(page, { rules: COLOUR_RULES }),
                `${url}, ${locale}, dark`,
              )
              .toEqual([]);
            await showTheme(page, "light");
          },
        });
      } finally {
        await context.close();
        await scene.cleanUp();
      }
    });
  }
}
