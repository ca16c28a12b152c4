import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "@playwright/test";
import sharp from "sharp";
import { test, theAdmin, watchContext } from "../fixtures.ts";
import type { Locale } from "../tests/support/catalog.ts";
import {
  type Audience,
  makeTourScene,
  routesFor,
  type Theme,
  type TourScene,
  tourRoutes,
  useTheme,
} from "../tests/support/route-tour.ts";

/**
 * The screenshot set in e2e/screens: the main screens at a phone's and a laptop's width, in each
 * language and theme, for a look at the finish without running the app. It is made on demand
 * (`npm run screens -w @kindred/e2e` after `npm run build`), not in every test run: the pictures
 * change with every copy edit. Each screen is walked as the tours of axe-routes.spec.ts walk it.
 */
const SCREENS_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The screens of the set, by the route pattern the tour names them with. */
const SHOWN: Record<Exclude<Audience, "moderator" | "member on public pages">, string[]> = {
  visitor: ["/", "/signup", "/GetToKnowMe/:publicUserId"],
  member: ["/home", "/connections", "/chat/:userId", "/profile", "/settings"],
};

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Writes the set's pictures of `audience` in `locale` and `theme` at every width. */
async function shoot(
  browser: Browser,
  consoleProblems: string[],
  scene: TourScene,
  audience: keyof typeof SHOWN,
  locale: Locale,
  theme: Theme,
) {
  const routes = routesFor(audience, scene, locale).filter(({ route }) =>
    SHOWN[audience].includes(route),
  );
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({
      viewport,
      locale: locale === "en" ? "en-US" : locale,
      storageState: audience === "member" ? scene.ana.storageState : undefined,
    });
    try {
      watchContext(context, consoleProblems);
      await useTheme(context, theme);
      const page = await context.newPage();
      await tourRoutes(page, {
        theme,
        locale,
        routes,
        onRoute: async ({ route }) => {
          if (route === "/") await page.evaluate(() => window.scrollTo(0, 0));
          const name = route === "/" ? "landing" : route.split("/")[1]?.toLowerCase();
          // A palette PNG: a third of the plain one's bytes, and every text still crisp.
          await sharp(await page.screenshot())
            .png({ palette: true, compressionLevel: 9 })
            .toFile(path.join(SCREENS_DIR, locale, `${name}-${theme}-${viewport.width}.png`));
        },
      });
    } finally {
      await context.close();
    }
  }
}

for (const locale of ["en", "es", "ar"] as const satisfies Locale[]) {
  test(`the screenshot set in ${locale}`, async ({
    baseURL,
    browser,
    createUser,
    apiAs,
    joinCommunity,
    consoleProblems,
  }) => {
    test.setTimeout(300_000);
    mkdirSync(path.join(SCREENS_DIR, locale), { recursive: true });
    const admin = await apiAs(await theAdmin(baseURL as string));
    const scene = await makeTourScene({ createUser, apiAs, joinCommunity }, admin);
    if (locale !== "en") await (await apiAs(scene.ana)).put("/api/account/settings", { locale });
    try {
      for (const theme of ["light", "dark"] as const) {
        await shoot(browser, consoleProblems, scene, "visitor", locale, theme);
        await shoot(browser, consoleProblems, scene, "member", locale, theme);
      }
    } finally {
      await scene.cleanUp();
    }
  });
}
