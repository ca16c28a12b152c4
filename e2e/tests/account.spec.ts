import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ApiSession, connectByApi, expect, test, uniqueId, uniqueSkills } from "../fixtures.ts";

function settingsSection(page: Page, name: string) {
  return page.getByRole("region", { name });
}

/** Logs in through the API from a fresh client; answers the HTTP status. */
async function loginStatus(baseURL: string, emailId: string, password: string): Promise<number> {
  const session = await ApiSession.open(baseURL);
  try {
    const xsrf = (await session.context.storageState()).cookies.find(
      (cookie) => cookie.name === "XSRF-TOKEN",
    )?.value;
    const response = await session.context.post("/api/login", {
      data: { emailId, password },
      headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf ?? "") },
    });
    return response.status();
  } finally {
    await session.dispose();
  }
}

test("blocked people are listed in Settings and Unblock takes them off the list", async ({
  createUser,
  apiAs,
  signedInPage,
}) => {
  const id = uniqueId();
  const me = await createUser({ firstName: `Mia${id}` });
  const ana = await createUser({ firstName: `Ana${id}`, lastName: "Blocked" });
  await (await apiAs(me)).post(`/api/user/block/${ana.me._id}`);

  const page = await signedInPage(me);
  await page.goto("/settings");
  const blocked = settingsSection(page, "Blocked people");
  const list = blocked.getByRole("list", { name: "Blocked people" });
  await expect(list.getByText(`Ana${id} Blocked`)).toBeVisible();

  await blocked.getByRole("button", { name: `Unblock Ana${id} Blocked` }).click();
  await expect(page.getByText(`Ana${id} Blocked is unblocked.`)).toBeVisible();
  await expect(blocked.getByText(/You haven't blocked anyone/)).toBeVisible();

  // The server agrees: after a reload the list is still empty.
  await page.reload();
  await expect(settingsSection(page, "Blocked people").getByText(/haven't blocked/)).toBeVisible();
});

/** The contract answers a wrong password with 401, which the browser logs as a failed load. */
const WRONG_PASSWORD_LOG = /\/settings: Failed to load resource: .* 401 \(Unauthorized\)/;

test("changing the password: the new one logs in, the old one no longer does", async ({
  createUser,
  signedInPage,
  baseURL,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(WRONG_PASSWORD_LOG);
  const me = await createUser();
  const page = await signedInPage(me);
  await page.goto("/settings");
  const form = settingsSection(page, "Password");
  await form.getByLabel("Current password", { exact: true }).fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
  await form.getByLabel("Confirm new password", { exact: true }).fill("brand-new-password-1");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByLabel("Current password", { exact: true })).toHaveAccessibleDescription(
    /not correct/,
  );

  await form.getByLabel("Current password", { exact: true }).fill(me.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(
    page.getByText("Password changed. Your other devices were signed out."),
  ).toBeVisible();
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  expect(await loginStatus(baseURL as string, me.emailId, "brand-new-password-1")).toBe(200);
  expect(await loginStatus(baseURL as string, me.emailId, me.password)).toBe(401);
});

test("Download my data saves a JSON file with my email and skills", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  const skills = uniqueSkills(id, "pottery", "chess", "rowing");
  const me = await createUser({ skills });
  const page = await signedInPage(me);
  await page.goto("/settings");

  const download = page.waitForEvent("download");
  await settingsSection(page, "Your data").getByRole("link", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kindred-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await file.path(), "utf8");
  const data = JSON.parse(text);
  expect(typeof data).toBe("object");
  expect(text).toContain(me.emailId);
  for (const skill of skills) expect(text).toContain(skill);
});

test("deleting the account: a wrong password is refused, the right one deletes it everywhere", async ({
  createUser,
  apiAs,
  signedInPage,
  baseURL,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(WRONG_PASSWORD_LOG);
  const id = uniqueId();
  const me = await createUser({ firstName: `Del${id}` });
  const friend = await createUser({ firstName: `Fay${id}` });
  const friendApi = await apiAs(friend);
  const meApi = await apiAs(me);
  await connectByApi(meApi, friendApi, friend);
  await meApi.post(`/api/chat/${friend.me._id}/messages`, { text: `Bye from Del${id}` });
  await friendApi.post(`/api/chat/${me.me._id}/messages`, { text: "Take care!" });
  expect(
    (await friendApi.get<{ _id: string }[]>("/api/user/connections")).map((user) => user._id),
  ).toContain(me.me._id);

  const page = await signedInPage(me);
  await page.goto("/settings");
  await settingsSection(page, "Delete account")
    .getByRole("button", { name: "Delete account…" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByText(/your community posts, groups and events/)).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();

  await dialog.getByLabel("Your password", { exact: true }).fill("not-my-password");
  await confirm.click();
  await expect(dialog.getByLabel("Your password", { exact: true })).toHaveAccessibleDescription(
    /not correct/,
  );
  await expect(dialog).toBeVisible();
  expect(await loginStatus(baseURL as string, me.emailId, me.password)).toBe(200);

  await dialog.getByLabel("Your password", { exact: true }).fill(me.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Get started|Sign up/i }).first()).toBeVisible();

  expect(await loginStatus(baseURL as string, me.emailId, me.password)).toBe(401);
  expect(
    (await friendApi.get<{ _id: string }[]>("/api/user/connections")).map((user) => user._id),
  ).not.toContain(me.me._id);

  // The friend keeps the conversation, from "Deleted account", and cannot reply.
  const friendPage = await signedInPage(friend);
  await friendPage.goto("/chat");
  await expect(friendPage.getByText(`Del${id}`)).toHaveCount(0);
  await friendPage.getByRole("link", { name: /Deleted account/ }).click();
  const conversation = friendPage.getByRole("region", {
    name: "Conversation with Deleted account",
  });
  await expect(conversation.getByText(`Bye from Del${id}`)).toBeVisible();
  await expect(conversation.getByText("Take care!")).toBeVisible();
  await expect(conversation.getByRole("note")).toHaveText(
    "This account has been deleted. You can read the conversation but not reply.",
  );
  await expect(conversation.getByRole("textbox")).toHaveCount(0);

  // Deleting it asks first, then it is gone for good.
  await friendPage
    .getByRole("complementary", { name: "Contact details" })
    .getByRole("button", { name: "Delete conversation" })
    .click();
  const ask = friendPage.getByRole("dialog", { name: "Delete this conversation?" });
  await ask.getByRole("button", { name: "Delete conversation" }).click();
  await expect(friendPage.getByText("Conversation deleted.")).toBeVisible();
  await expect(friendPage.getByRole("link", { name: /Deleted account/ })).toHaveCount(0);
  await friendPage.reload();
  await expect(friendPage.getByRole("link", { name: /Deleted account/ })).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`the settings page fits at ${width} px in the ${theme} theme`, async ({
      createUser,
      apiAs,
      signedInPage,
    }, testInfo) => {
      const me = await createUser();
      const long = await createUser({
        firstName: "Bartholomew-Maximilian",
        lastName: "Featherstonehaugh-Wolfeschlegelsteinhausen",
      });
      await (await apiAs(me)).post(`/api/user/block/${long.me._id}`);
      const page = await signedInPage(me);
      await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/settings");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const row = settingsSection(page, "Blocked people").getByRole("listitem").first();
      await expect(row).toBeVisible();
      const unblock = row.getByRole("button", { name: /^Unblock/ });
      const box = await unblock.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({
        path: testInfo.outputPath(`settings-${width}-${theme}.png`),
        fullPage: true,
      });
      await settingsSection(page, "Delete account")
        .getByRole("button", { name: "Delete account…" })
        .click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`delete-dialog-${width}-${theme}.png`) });
    });
  }
}
