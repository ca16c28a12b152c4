import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, inApp, test } from "../fixtures.ts";

/** Every public route and the heading it opens with. */
const PUBLIC_ROUTES = [
  ["/", "Kindred"],
  ["/about", "Welcome to Kindred"],
  ["/services", "Services"],
  ["/services/matching", "Interest matching"],
  ["/blog", "Blog"],
  ["/faq", "Frequently asked questions"],
  ["/support", "Support center"],
  ["/contact", "Contact us"],
  ["/privacy", "Privacy policy"],
  ["/terms", "Terms of service"],
  ["/cookies", "Cookie policy"],
] as const;

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a signed-in visitor sees the app's top bar on the landing page", async ({
  createUser,
  signedInPage,
}) => {
  const user = await createUser();
  const page = await signedInPage(user);
  await inApp(page);
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner.getByText(`Welcome, ${user.me.firstName}`)).toBeVisible();
  await expect(banner.getByRole("link", { name: "Login" })).toHaveCount(0);
});

test("landing cards are never left invisible, before any scroll (a full-page capture) or with reduced motion", async ({
  page,
}) => {
  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    await page.emulateMedia({ reducedMotion });
    await page.goto("/");
    const lastFeature = page
      .getByRole("heading", { name: "Private by default" })
      .locator("xpath=ancestor::li[1]");
    await expect(lastFeature).not.toBeInViewport();
    expect(await lastFeature.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
  }
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

/** The built files a module needs, itself and its static imports (Vite's manifest). */
function builtFiles(manifest: Manifest, start: string): Set<string> {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk(start);
  return files;
}

/**
 * The chunks main.tsx starts from: the landing page's, and the app's (which shares its chunk with
 * the router, so the manifest names it by its file: the entry's other dynamic import).
 */
function startChunks() {
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, "apps/web/dist/.vite/manifest.json"), "utf8"),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? "";
  const dynamic = new Set(
    [entry, ...(manifest[entry]?.imports ?? [])].flatMap(
      (key) => manifest[key]?.dynamicImports ?? [],
    ),
  );
  expect(dynamic.delete(LANDING_FIRST)).toBe(true);
  // A language's messages (src/locales/es.ts, ar.ts) load only when it is chosen.
  for (const target of dynamic) if (target.startsWith("src/locales/")) dynamic.delete(target);
  expect(dynamic.size).toBe(1);
  return {
    landing: builtFiles(manifest, LANDING_FIRST),
    app: builtFiles(manifest, [...dynamic][0] ?? ""),
  };
}
const LANDING_FIRST = "src/app/landing-first.tsx";

test("a visitor's landing page paints before the router's code is asked for, and its links then open the app", async ({
  page,
}) => {
  const { landing, app } = startChunks();
  const appOnly = [...app].filter((file) => !landing.has(file));
  expect(appOnly.length).toBeGreaterThan(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Kindred" })).toBeVisible();
  // The router and the route table load once the page has painted and the browser is idle.
  const timing = await page.waitForFunction((files) => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const fetched = performance
      .getEntriesByType("resource")
      .filter((entry) => files.some((file) => entry.name.endsWith(`/${file}`)));
    return paint && fetched.length === files.length
      ? { paint: paint.startTime, firstFetch: Math.min(...fetched.map((e) => e.startTime)) }
      : undefined;
  }, appOnly);
  const { paint, firstFetch } = (await timing.jsonValue()) as { paint: number; firstFetch: number };
  expect(firstFetch).toBeGreaterThan(paint);

  // A link opens its page in the app, without a page load; Back shows the landing page again.
  await page.evaluate(() => {
    (window as { notReloaded?: boolean }).notReloaded = true;
  });
  await page.getByRole("main").getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Kindred" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to Kindred" })).toBeVisible();
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test("the landing navigation turns solid after 20 px of scroll", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner").first();
  await expect(header).toHaveClass(/bg-transparent/);
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(header).not.toHaveClass(/bg-transparent/);
});

test("the theme chosen on the landing page survives a reload and applies on another route", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await page.getByRole("button", { name: "Switch to dark theme" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByText("Dark theme", { exact: true })).toBeVisible();
});

test("the FAQ keeps one answer open, searches questions regardless of case, and says when none match", async ({
  page,
}) => {
  await page.goto("/faq");
  const questions = page.getByRole("button", { expanded: false });
  await expect(page.locator("main li")).toHaveCount(10);
  const trial = page.getByRole("button", { name: "Is there a free trial?" });
  const refunds = page.getByRole("button", { name: "How do refunds work?" });
  await trial.click();
  await expect(trial).toHaveAttribute("aria-expanded", "true");
  await expect(
    page.getByText("Kindred is free, with every feature open to everyone"),
  ).toBeVisible();
  // By keyboard: the next question opens and the first one closes.
  await refunds.focus();
  await page.keyboard.press("Enter");
  await expect(refunds).toHaveAttribute("aria-expanded", "true");
  await expect(trial).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("Kindred is free, with every feature open to everyone")).toBeHidden();
  await expect(page.getByRole("button", { expanded: true })).toHaveCount(1);
  expect(await questions.count()).toBeGreaterThan(0);

  await page.getByLabel("Search questions").fill("PASSWORD");
  await expect(page.locator("main li")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "How do I reset my password?" })).toBeVisible();
  await page.getByLabel("Search questions").fill("zebra crossing");
  await expect(page.getByText("No questions found. Try a different search term.")).toBeVisible();
});

test("the blog searches titles regardless of case, previews 100 characters, opens a post and goes back", async ({
  page,
}) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(3);
  await page.getByLabel("Search posts by title").fill("sKiLLs");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    "Skills That Start Conversations",
  ]);
  const preview = await page.locator("main li p").nth(1).textContent();
  expect(preview?.replace(/\.\.\.$/, "")).toHaveLength(100);
  // Each post has its own address, so it can be shared.
  await page.getByRole("link", { name: /Read more/ }).click();
  await expect(page).toHaveURL(/\/blog\/skills-that-start-conversations$/);
  await expect(
    page.getByRole("heading", { name: "Skills That Start Conversations" }),
  ).toBeVisible();
  await expect(page.getByText("update them when your interests change")).toBeVisible();
  await page.getByRole("link", { name: "Back to Blog List" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(3);
  await page.getByLabel("Search posts by title").fill("nothing like this");
  await expect(page.getByText("No posts found. Try another search.")).toBeVisible();
});

test("signed out, matching searches the four sample people and invites to sign up", async ({
  page,
}) => {
  await page.goto("/services/matching");
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
  await page.getByLabel("Interest").fill("Coding");
  await page.getByRole("button", { name: "Find Matches" }).click();
  await expect(page.getByRole("article")).toHaveCount(2);
  await page.getByLabel("Interest").fill("astrophysics");
  await page.getByRole("button", { name: "Find Matches" }).click();
  await expect(page.getByText("No matches found. Try another interest!")).toBeVisible();
});

test("signed in, matching finds real people by skill regardless of case and links to their profile", async ({
  createUser,
  signedInPage,
}) => {
  const skill = `lindy${Date.now().toString(36)}`;
  const match = await createUser({ skills: [skill.toUpperCase(), "swing", "jazz"] });
  const viewer = await createUser();
  const page = await signedInPage(viewer);
  // Arriving from the signed-in part of the site, as people do.
  await inApp(page);
  await page.goto("/services/matching");
  await page.getByLabel("Interest").fill(skill);
  await page.getByRole("button", { name: "Find Matches" }).click();
  const card = page.getByRole("article", { name: `${match.me.firstName} ${match.me.lastName}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await card.click();
  await expect(page).toHaveURL(/\/GetToKnowMe\//);

  await page.goto("/services/matching");
  await page.getByLabel("Interest").fill(`${skill}-nobody`);
  await page.getByRole("button", { name: "Find Matches" }).click();
  await expect(page.getByText("No matches found. Try another interest!")).toBeVisible();
});

test("support shows Submitting... for two seconds, then thanks and clears the form", async ({
  page,
}) => {
  await page.goto("/support");
  await page.getByRole("button", { name: "Technical Support" }).click();
  await expect(page.getByRole("button", { name: "Technical Support" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByLabel("Name", { exact: true }).fill("Ana Lima");
  await page.getByLabel("Email", { exact: true }).fill(`ana.${Date.now()}@example.com`);
  await page.getByLabel("Message", { exact: true }).fill("My photo does not upload.");
  const started = Date.now();
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await expect(page.getByText("Thank you! Your ticket has been submitted.")).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
});

test("support keeps what was typed and says why when the form is incomplete", async ({ page }) => {
  await page.goto("/support");
  await page.getByLabel("Name", { exact: true }).fill("Ana");
  await page.getByLabel("Email", { exact: true }).fill("ana@example.com");
  await page.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page.getByText("Message is required")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByLabel("Message", { exact: true }).focus();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ana");
  await expect(page.getByText("Thank you! Your ticket has been submitted.")).toHaveCount(0);
});

test("a click on Send while a wrong email is still focused shows every field's error at once", async ({
  page,
}) => {
  for (const [route, button] of [
    ["/contact", "Send Message"],
    ["/support", "Submit Ticket"],
  ] as const) {
    await page.goto(route);
    await page.getByLabel("Name", { exact: true }).fill("Ana");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    // Leaving the email shows its error as the button is pressed; the click must still submit.
    await page.getByRole("button", { name: button }).click();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
  }
});

test("contact sends the message and confirms in words", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Ben");
  await page.getByLabel("Email", { exact: true }).fill(`ben.${Date.now()}@example.com`);
  await page.getByLabel("Message", { exact: true }).fill("Could we partner for a campus event?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! Your message has been sent.")).toBeVisible();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
});

test("the newsletter box subscribes, and subscribing twice is fine", async ({ page }) => {
  const email = `news.${Date.now()}@example.com`;
  await page.goto("/");
  // The form loads as the reader scrolls towards the footer, as a reader does to reach it.
  await page.getByRole("heading", { name: "Stay in the loop" }).scrollIntoViewIfNeeded();
  const box = page.getByRole("form", { name: "Newsletter" });
  for (let i = 0; i < 2; i++) {
    await box.getByLabel("Email for the newsletter").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByRole("status")).toContainText("You're subscribed");
    await expect(box.getByLabel("Email for the newsletter")).toHaveValue("");
  }
});

test("every public page has its own title and no horizontal scroll at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const titles = new Set<string>();
  for (const [route, heading] of PUBLIC_ROUTES) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    titles.add(await page.title());
    await expectNoHorizontalScroll(page);
  }
  expect(titles.size).toBe(PUBLIC_ROUTES.length);
});

test("every link in the navigation and footer of every public page leads to a real page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const targets = new Set<string>();
  for (const [route] of PUBLIC_ROUTES) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    const hrefs = await page
      .locator("header a[href], footer a[href], nav a[href]")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
    for (const href of hrefs) targets.add(href);
  }
  expect(targets.size).toBeGreaterThan(10);
  for (const target of targets) {
    await page.goto(target);
    await expect(page.getByRole("heading", { level: 1 }).first(), target).toBeVisible();
    await expect(page.getByText("404 - PAGE NOT FOUND"), target).toHaveCount(0);
    await expect(page.getByText("Coming soon"), target).toHaveCount(0);
  }
});

test("filled primary buttons, which axe cannot measure (daisyUI paints them a background image), reach 4.5:1 in both themes", async ({
  page,
}) => {
  for (const theme of ["light", "dark"] as const) {
    await page.goto("/");
    await page.evaluate((value) => window.localStorage.setItem("theme", value), theme);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    const ratio = await page
      .getByRole("link", { name: "Get Started" })
      .first()
      .evaluate((element) => {
        const rgb = (value: string) => {
          const context = document.createElement("canvas").getContext("2d");
          if (!context) throw new Error("no canvas");
          context.fillStyle = value;
          context.fillRect(0, 0, 1, 1);
          return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
        };
        const luminance = (channels: number[]) => {
          const [r = 0, g = 0, b = 0] = channels.map((c) => {
            const s = c / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const style = getComputedStyle(element);
        const [light, dark] = [
          luminance(rgb(style.color)),
          luminance(rgb(style.backgroundColor)),
        ].sort((a, b) => b - a);
        return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      });
    expect(ratio, `Get Started in the ${theme} theme`).toBeGreaterThanOrEqual(4.5);
  }
});
