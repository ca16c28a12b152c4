import type { Page } from "@playwright/test";
import { expect, inApp, test, uniqueId, uniqueSkills } from "../fixtures.ts";

/** How the page fetched each resource whose address contains `part` (Resource Timing). */
function initiatorsOf(page: Page, part: string): Promise<string[]> {
  return page.evaluate(
    (fragment) =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes(fragment))
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    part,
  );
}

test("Discover opened directly loads its code and first data with the page, each once", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  const viewer = await createUser({
    firstName: `Vera${id}`,
    skills: uniqueSkills(id, "chess", "rust", "hiking"),
  });
  const page = await signedInPage(viewer);
  // Who asked for each request: "parser" is the document's own tags, "script" the app's code.
  const initiators = new Map<string, string[]>();
  const devtools = await page.context().newCDPSession(page);
  devtools.on("Network.requestWillBeSent", ({ request, initiator }) => {
    const path = new URL(request.url).pathname.replace(/-[\w-]{8}\.js$/, ".js");
    initiators.set(path, [...(initiators.get(path) ?? []), initiator.type]);
  });
  await devtools.send("Network.enable");

  await inApp(page);
  await expect(page.getByRole("status").filter({ hasText: /loading/i })).toHaveCount(0);

  expect(initiators.get("/assets/feed-page.js")).toEqual(["parser"]);
  expect(initiators.get("/assets/app-shell.js")).toEqual(["parser"]);
  // Started by the document, and the app's own requests took the answers over: one each.
  expect(initiators.get("/api/profile/view")).toEqual(["parser"]);
  expect(initiators.get("/api/feed")).toEqual(["parser"]);
});

test("a visitor's landing page carries no session or route preloads", async ({ page }) => {
  const response = await page.goto("/");
  const html = (await response?.text()) ?? "";
  expect(html).not.toContain('as="fetch"');
  expect(html).not.toContain("app-shell-");
  await expect(page.getByRole("link", { name: /sign up|get started/i }).first()).toBeVisible();
  expect(await initiatorsOf(page, "/api/profile/view")).toEqual([]);
});

test("on a phone, nothing on a signed-in screen moves while it loads", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  const viewer = await createUser({
    firstName: `Sami${id}`,
    skills: uniqueSkills(id, "chess", "rust", "hiking"),
  });
  const page = await signedInPage(viewer);
  await page.setViewportSize({ width: 390, height: 844 });
  // Every layout shift from the first frame on, as the browser scores them (CLS).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });

  for (const screen of ["/connections", "/home"]) {
    await page.goto(screen);
    await expect(page.getByRole("status").filter({ hasText: /loading/i })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toBeAttached();
    const total = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
    );
    expect(total, screen).toBeLessThan(0.05);
  }
});
