import type { Locator, Page } from "@playwright/test";
import { connectedPair, expect, test } from "../fixtures.ts";

function chatBadge(page: Page) {
  return page.getByRole("navigation").getByRole("link", { name: /^Chat/ }).first();
}

/** Whether a shown element overlaps another on screen ("gone" once it is no longer shown). */
async function placeOf(shown: Locator, other: Locator): Promise<"apart" | "overlapping" | "gone"> {
  const [a, b] = await Promise.all([shown.boundingBox(), other.boundingBox()]);
  if (!a || !b) return "gone";
  const apart =
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  return apart ? "apart" : "overlapping";
}

async function send(page: Page, text: string) {
  const input = page.getByRole("textbox", { name: /^Message / });
  await input.fill(text);
  await input.press("Enter");
}

test("two connections chat in real time; the unread badge counts and clears", async ({
  createUser,
  apiAs,
  signedInPage,
}) => {
  const { ana, ben } = await connectedPair({ createUser, apiAs });
  const anaPage = await signedInPage(ana);
  const benPage = await signedInPage(ben);

  // Ana opens the conversation from her connections.
  await anaPage.goto("/connections");
  await anaPage.getByRole("link", { name: `Message ${ben.me.firstName}` }).click();
  await expect(anaPage).toHaveURL(new RegExp(`/chat/${ben.me._id}$`));
  const anaConversation = anaPage.getByRole("region", { name: /^Conversation with / });
  await expect(anaConversation.getByText(/Say hello/)).toBeVisible();

  // Ben is elsewhere; his badge counts what arrives, without a reload.
  await benPage.goto("/connections");
  await expect(benPage.getByRole("heading", { name: "Connections" })).toBeVisible();
  await send(anaPage, "Hi Ben <b>not bold</b>");
  await send(anaPage, "Line one");
  await expect(anaConversation.getByText("Line one")).toBeVisible();
  await expect(chatBadge(benPage)).toContainText("2");
  await expect(benPage).toHaveTitle(/^\(2\) /);

  // Opening the conversation reads it: the badge clears.
  await chatBadge(benPage).click();
  // In the chat list: until the chat page is there, the connections page's own links to Ana's
  // profile would match too.
  await benPage
    .getByRole("navigation", { name: "Conversations" })
    .getByRole("link", { name: new RegExp(ana.me.firstName) })
    .click();
  const benConversation = benPage.getByRole("region", { name: /^Conversation with / });
  await expect(benConversation.getByText("Hi Ben <b>not bold</b>")).toBeVisible();
  await expect(benConversation.locator("b")).toHaveCount(0);
  await expect(chatBadge(benPage)).not.toContainText(/\d/);
  await expect(benPage).not.toHaveTitle(/^\(\d+\) /);

  // Shift+Enter breaks the line; Enter sends; the answer reaches Ana live.
  const input = benPage.getByRole("textbox", { name: /^Message / });
  await input.fill("First line");
  await input.press("Shift+Enter");
  await input.pressSequentially("second line");
  await input.press("Enter");
  await expect(anaConversation.getByText(/First line\s+second line/)).toBeVisible();
  await expect(anaPage.getByText("Active Now").first()).toBeVisible();
});

test("a message that fails to send stays with Retry, also after leaving, and is sent once", async ({
  createUser,
  apiAs,
  signedInPage,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource|net::ERR_FAILED/);
  const { ana, ben } = await connectedPair({ createUser, apiAs });
  const anaPage = await signedInPage(ana);
  await anaPage.goto(`/chat/${ben.me._id}`);
  const conversation = anaPage.getByRole("region", { name: /^Conversation with / });
  await expect(conversation.getByText(/Say hello/)).toBeVisible();

  await anaPage.route("**/api/chat/*/messages", (route) =>
    route.request().method() === "POST" ? route.abort() : route.continue(),
  );
  await send(anaPage, "Are you there?");
  const retry = conversation.getByRole("button", { name: /Not sent\. Retry/ });
  await expect(retry).toBeVisible();
  await anaPage.unroute("**/api/chat/*/messages");
  // Neither the unsent message nor a half-typed one is lost by leaving the conversation.
  await anaPage.getByRole("textbox", { name: /^Message / }).fill("half-typed");
  await anaPage.goto("/connections");
  await anaPage.getByRole("link", { name: `Message ${ben.me.firstName}` }).click();
  await expect(anaPage.getByRole("textbox", { name: /^Message / })).toHaveValue("half-typed");
  await retry.click();
  await expect(retry).toHaveCount(0);
  await expect(conversation.getByText("Are you there?")).toHaveCount(1);
});

test("blocking from the contact panel removes the person from connections and chat", async ({
  createUser,
  apiAs,
  signedInPage,
}) => {
  const { ana, ben } = await connectedPair({ createUser, apiAs });
  const anaPage = await signedInPage(ana);
  const benPage = await signedInPage(ben);
  await benPage.goto("/chat");
  await expect(benPage.getByRole("link", { name: new RegExp(ana.me.firstName) })).toBeVisible();

  await anaPage.goto(`/chat/${ben.me._id}`);
  const panel = anaPage.getByRole("complementary", { name: "Contact details" });
  await expect(panel.getByText("Joined")).toBeVisible();
  await expect(panel.getByText(ben.me.firstName.toUpperCase(), { exact: false })).toBeVisible();
  await panel.getByRole("button", { name: "Block" }).click();
  const dialog = anaPage.getByRole("dialog", { name: new RegExp(`Block ${ben.me.firstName}`) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Block" }).click();
  await expect(anaPage).toHaveURL(/\/chat$/);
  await expect(anaPage.getByRole("link", { name: new RegExp(ben.me.firstName) })).toHaveCount(0);

  await anaPage.goto("/connections");
  await expect(anaPage.getByRole("heading", { name: "Connections" })).toBeVisible();
  await expect(anaPage.getByText(ben.me.firstName)).toHaveCount(0);
  // Ben's open chat list loses Ana live.
  await expect(benPage.getByRole("link", { name: new RegExp(ana.me.firstName) })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list and the conversation are two screens; report from the header menu", async ({
    createUser,
    apiAs,
    signedInPage,
  }) => {
    const { ana, ben } = await connectedPair({ createUser, apiAs });
    const anaPage = await signedInPage(ana);
    await anaPage.goto("/chat");
    await anaPage.getByRole("link", { name: new RegExp(ben.me.firstName) }).click();
    await expect(anaPage.getByRole("navigation", { name: "Conversations" })).toBeHidden();
    await send(anaPage, "From my phone");
    await expect(anaPage.getByText("From my phone", { exact: true })).toBeVisible();

    await anaPage
      .getByRole("button", { name: `More actions for ${ben.me.firstName} Tester` })
      .click();
    await anaPage.getByRole("menuitem", { name: "Report" }).click();
    const dialog = anaPage.getByRole("dialog", { name: /^Report / });
    await dialog.getByRole("radio", { name: "Harassment or bullying" }).check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(anaPage.getByText(/Thank you/)).toBeVisible();
    // The toast covers neither the way back nor the tab bar while it shows.
    const toast = anaPage.locator("[data-sonner-toast]").filter({ hasText: /Thank you/ });
    const back = anaPage.getByRole("link", { name: "Back to conversations" });
    await expect.poll(() => placeOf(toast, back)).toBe("apart");
    await expect
      .poll(() => placeOf(toast, anaPage.getByRole("navigation", { name: "Sections" })))
      .toBe("apart");

    await back.click();
    await expect(anaPage.getByRole("navigation", { name: "Conversations" })).toBeVisible();
  });
});
