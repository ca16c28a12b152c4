import type { Page, Worker } from "@playwright/test";
import { expect, test } from "../fixtures.ts";

/**
 * The installable app in Chromium: the service worker registers after load and controls the
 * page; a push delivered through the DevTools protocol shows its notification; the worker's
 * notification-click path sends an open tab to the notification's page; a navigation without
 * network shows the offline page; the manifest and its icons are served and valid.
 *
 * Not covered here: subscribing (pushManager.subscribe needs Google's push service, out of reach
 * of this machine's Chromium; lib/push.test.ts checks what is posted) and a click on a system
 * notification, which no protocol can make: the click test runs the worker's own click function
 * (openNotificationTarget) on the delivered notification's data; sw.js's tests run the handler.
 */

test.use({ permissions: ["notifications"] });

/** Opens `path` and waits until the service worker controls the page and is fully activated. */
async function openControlled(page: Page, path = "/") {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Controlling comes from clients.claim() inside the activate event; a push that arrives before
  // that event has finished is not delivered.
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker || worker.state === "activated") return;
    await new Promise<void>((resolve) => {
      worker.addEventListener("statechange", () => {
        if (worker.state === "activated") resolve();
      });
    });
  });
}

async function serviceWorker(page: Page): Promise<Worker> {
  const existing = page.context().serviceWorkers();
  return existing[0] ?? page.context().waitForEvent("serviceworker");
}

/**
 * Delivers a push message to this origin's worker, as the push service would, and resolves once
 * the worker's handler has shown its notification (or fails saying which step did not happen).
 */
async function deliverPush(page: Page, data: string) {
  const worker = await serviceWorker(page);
  // Armed before the message leaves: what the worker's handler asks of showNotification, and
  // how that ends (a lost delivery and a failed notification then fail with their own message).
  await worker.evaluate(() => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      handled?: Promise<string>;
    };
    const registration = scope.registration;
    const show = registration.showNotification.bind(registration);
    scope.handled = new Promise((resolve) => {
      setTimeout(() => resolve("no push reached the worker within 20 s"), 20_000);
      registration.showNotification = (title: string, options?: NotificationOptions) => {
        const shown = show(title, options);
        shown.then(
          () => resolve("shown"),
          (error: Error) => resolve(`showNotification failed: ${error.message}`),
        );
        return shown;
      };
    });
  });
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: await registrationId,
    data,
  });
  expect(
    await worker.evaluate(() => (self as unknown as { handled: Promise<string> }).handled),
  ).toBe("shown");
  await cdp.detach();
}

/** The notifications the worker shows now, as the page's registration lists them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

test("the service worker registers after the page has loaded and controls it", async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      (window as unknown as { registeredWhen: string }).registeredWhen = document.readyState;
      return register.apply(this, args);
    };
  });
  await openControlled(page, "/");
  expect(
    await page.evaluate(() => (window as unknown as { registeredWhen: string }).registeredWhen),
  ).toBe("complete");
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
});

test("a push shows its notification with its title, text, group and page", async ({ page }) => {
  await openControlled(page, "/");
  await deliverPush(
    page,
    JSON.stringify({
      title: "Ana wants to connect",
      body: "Ana sent you a connection request.",
      url: "/requests",
      tag: "request_received:1",
    }),
  );
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: "Ana wants to connect",
        body: "Ana sent you a connection request.",
        tag: "request_received:1",
        url: new URL("/requests", page.url()).href,
      },
    ]);
});

test("a push whose payload cannot be read shows a generic notification", async ({ page }) => {
  await openControlled(page, "/");
  await deliverPush(page, "this is not JSON");
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: "Kindred",
        body: "Something new is waiting for you on Kindred.",
        tag: "",
        url: new URL("/notifications", page.url()).href,
      },
    ]);
});

test("a notification's click path sends the open tab to its page, and never off the site", async ({
  createUser,
  signedInPage,
}) => {
  const user = await createUser();
  const page = await signedInPage(user);
  await openControlled(page, "/home");
  await deliverPush(
    page,
    JSON.stringify({
      title: "New request",
      body: "Bo wants to connect.",
      url: "/requests",
      tag: "r",
    }),
  );
  await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);

  const worker = await serviceWorker(page);
  // The worker's click path, with the delivered notification's own data.
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      openNotificationTarget: (url: unknown) => Promise<unknown>;
    };
    const [notification] = await scope.registration.getNotifications({ tag: "r" });
    if (!notification) throw new Error("the push showed no notification");
    notification.close();
    await scope.openNotificationTarget((notification.data as { url: string }).url);
  });
  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await shownNotifications(page)).toEqual([]);

  await worker.evaluate(async () => {
    const scope = self as unknown as { openNotificationTarget: (url: unknown) => Promise<unknown> };
    await scope.openNotificationTarget("https://evil.example/steal");
  });
  await expect(page).toHaveURL(/\/notifications$/);
  expect(page.context().pages()).toHaveLength(1);
});

test("a navigation without network shows the offline page, which comes back with the network", async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
  await openControlled(page, "/");
  await context.setOffline(true);
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  // Its stylesheet came from the worker's cache too: the Retry button wears the brand colour.
  const retry = page.getByRole("button", { name: "Retry" });
  await expect(retry).toHaveCSS("background-color", "rgb(96, 93, 255)");

  // Retry loads the address again: still offline, the offline page again (a fresh document).
  await page.evaluate(() => {
    (window as unknown as { before: boolean }).before = true;
  });
  await retry.click();
  // While the new document loads, the old one's context is gone: that read counts as "not yet".
  await expect
    .poll(() =>
      page
        .evaluate(() => (window as unknown as { before?: boolean }).before)
        .catch(() => "reloading"),
    )
    .toBeUndefined();
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();

  // Back online, the page loads the app by itself.
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("#root")).not.toBeEmpty();
});

test("the manifest is linked and valid, its icons load, and the worker is never cached", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const response = await request.get(href as string);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: "Kindred",
    short_name: "Kindred",
    start_url: "/home",
    scope: "/",
    display: "standalone",
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  expect(manifest.description).toBeTruthy();
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of icons) {
    expect(icon.src.startsWith("/")).toBe(true);
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const bytes = await image.body();
    // PNG signature, then the IHDR width and height the manifest declares.
    expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
    const [width, height] = icon.sizes.split("x").map(Number);
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([width, height]);
  }

  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toContain("javascript");
  const themeColors = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((meta) => meta.getAttribute("media")));
  expect(themeColors).toEqual(["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]);
});
