import { expect, test, watchContext } from "../fixtures.ts";
import { seriousViolations } from "./support/axe.ts";

test("a first visit in Arabic is right to left, whole, and readable", async ({
  browser,
  baseURL,
  consoleProblems,
}) => {
  // Reduced motion: the page is read at rest, not with a card caught in its rise-in (see axe.ts).
  const context = await browser.newContext({ baseURL, locale: "ar-EG", reducedMotion: "reduce" });
  watchContext(context, consoleProblems);
  const page = await context.newPage();
  await page.goto("/");

  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "من نحن" })).toBeVisible();
  await expect(footer.getByRole("combobox", { name: "اللغة" })).toHaveValue("ar");

  expect(await seriousViolations(page)).toEqual([]);
  // A text a catalogue lacks is a console error, which the fixtures fail the test on.
  await context.close();
});

test("the footer's picker changes the language at once and keeps it for the next visit", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page
    .getByRole("contentinfo")
    .getByRole("combobox", { name: "Language" })
    .selectOption("es");

  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Acerca de" }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("contentinfo").getByRole("combobox", { name: "Idioma" })).toHaveValue(
    "es",
  );
});

test("a member's choice in Settings turns the app Arabic, and the server answers in it", async ({
  createUser,
  signedInPage,
}) => {
  const me = await createUser();
  const page = await signedInPage(me);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().endsWith("/api/account/settings"),
  );

  await page.getByRole("main").getByRole("combobox", { name: "Language" }).selectOption("ar");

  expect((await saved).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "الإعدادات" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  // The account keeps it: a new visit starts in Arabic, and Discover speaks it.
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("link", { name: "اكتشف" }).first()).toBeVisible();
});
