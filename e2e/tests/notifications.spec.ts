import type { Page } from "@playwright/test";
import { connectByApi, expect, type TestUser, test, uniqueId } from "../fixtures.ts";

/** The top bar's bell (wide screens). */
function bell(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: /^Notifications/,
  });
}

function topBarLink(page: Page, name: RegExp) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });
}

test("the bell and the Requests badge count a new request live; opening it goes to /requests and reads it", async ({
  createUser,
  apiAs,
  signedInPage,
}) => {
  const id = uniqueId();
  const me = await createUser({ firstName: `Mia${id}` });
  const ana = await createUser({ firstName: `Ana${id}` });
  const page = await signedInPage(me);

  await page.goto("/connections");
  await expect(page.getByRole("heading", { name: "Connections" })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(topBarLink(page, /^Requests/)).not.toContainText(/\d/);

  await (await apiAs(ana)).sendRequest("interested", me.me);

  // No reload: the socket brings both counts.
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(topBarLink(page, /^Requests/)).toContainText("1");

  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const row = page
    .getByRole("list", { name: "Notifications" })
    .getByRole("link", { name: `Unread: ${ana.me.firstName} wants to connect just now` });
  await row.click();
  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByRole("article", { name: new RegExp(ana.me.firstName) })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  await page.reload();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await bell(page).click();
  await expect(
    page
      .getByRole("list", { name: "Notifications" })
      .getByRole("link", { name: new RegExp(`^${ana.me.firstName} wants to connect`) }),
  ).toBeVisible();
});

test("a message notification opens the conversation", async ({
  createUser,
  apiAs,
  signedInPage,
}) => {
  const id = uniqueId();
  const ana = await createUser({ firstName: `Ana${id}` });
  const ben = await createUser({ firstName: `Ben${id}` });
  const anaApi = await apiAs(ana);
  const benApi = await apiAs(ben);
  await connectByApi(anaApi, benApi, ben);
  await benApi.post(`/api/chat/${ana.me._id}/messages`, { text: "Hello from Ben" });

  const page = await signedInPage(ana);
  await page.goto("/notifications");
  const list = page.getByRole("list", { name: "Notifications" });
  // Ben's, newest first: the message, then his acceptance (today's picks, from 9:00, are not his).
  const bens = list.getByRole("link", { name: new RegExp(`^Unread: ${ben.me.firstName} `) });
  await expect(bens).toHaveCount(2);
  await expect(bens.first()).toHaveAccessibleName(
    new RegExp(`^Unread: ${ben.me.firstName} sent you a message`),
  );
  await expect(bens.nth(1)).toHaveAccessibleName(
    new RegExp(`^Unread: ${ben.me.firstName} accepted your request`),
  );
  await bens.first().click();
  await expect(page).toHaveURL(new RegExp(`/chat/${ben.me._id}$`));
  await expect(
    page.getByRole("region", { name: /^Conversation with / }).getByText("Hello from Ben"),
  ).toBeVisible();
});

test("settings save at once and survive a reload", async ({ createUser, signedInPage }) => {
  const me: TestUser = await createUser();
  const page = await signedInPage(me);
  await page.goto("/home");
  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page).toHaveTitle(/^Settings/);

  const section = page.getByRole("region", { name: "Notifications" });
  const email = section.getByRole("switch", { name: "New connection requests by email" });
  const push = section.getByRole("switch", { name: "Event reminders by push" });
  await expect(email).toBeChecked();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/notifications/settings") &&
      response.request().method() === "PUT",
  );
  await email.click();
  await expect(email).not.toBeChecked();
  expect((await saved).ok()).toBe(true);
  const savedPush = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/notifications/settings") &&
      response.request().method() === "PUT",
  );
  await push.click();
  expect((await savedPush).ok()).toBe(true);

  await page.reload();
  await expect(email).not.toBeChecked();
  await expect(push).not.toBeChecked();
  await expect(
    section.getByRole("switch", { name: "New connection requests by push" }),
  ).toBeChecked();
});

test("on a phone the tab bar carries the bell and the account menu reaches Settings", async ({
  createUser,
  apiAs,
  signedInPage,
}) => {
  const id = uniqueId();
  const me = await createUser({ firstName: `Pia${id}` });
  const fan = await createUser({
    firstName: `Maximilianatheodorawilhelminafeatherstone${id}`,
  });
  const page = await signedInPage(me);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/home");
  const tabs = page.getByRole("navigation", { name: "Sections" });
  await expect(tabs.getByRole("link", { name: "Notifications" })).toBeVisible();

  await (await apiAs(fan)).sendRequest("interested", me.me);
  await expect(tabs.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Requests (1 pending)" })).toBeVisible();

  await tabs.getByRole("link", { name: /^Notifications/ }).click();
  const row = page.getByRole("list", { name: "Notifications" }).getByRole("link").first();
  await expect(row).toBeVisible();
  // A long name wraps inside the row instead of widening the page.
  const box = await row.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("switch", { name: "Replies to your posts by email" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
