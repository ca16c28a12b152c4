import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { ApiSession, connectByApi, expect, type TestUser, watchContext } from "./fixtures.ts";

// The chat a person expects, played by two people in two browsers: each may be served by a
// different server process (chat-cluster.spec.ts) or both by the run's server (chat-parity).

export type Side = { user: TestUser; api: ApiSession; page: Page; context: BrowserContext };

/** A person signed up on `baseURL`, with a browser context of their own on that server. */
export async function personOn(
  browser: Browser,
  baseURL: string,
  problems: string[],
  firstName: string,
): Promise<Side> {
  const signUp = await ApiSession.open(baseURL);
  const user = await signUp.signUp({ firstName });
  await signUp.dispose();
  const api = await ApiSession.open(baseURL, user.storageState);
  const context = await browser.newContext({ baseURL, storageState: user.storageState });
  watchContext(context, problems);
  return { user, api, context, page: await context.newPage() };
}

export async function connect(ana: Side, ben: Side) {
  await connectByApi(ana.api, ben.api, ben.user);
}

export function conversation(page: Page): Locator {
  return page.getByRole("region", { name: /^Conversation with / });
}

/** One message on screen, by its text. */
export function messageWith(page: Page, text: string | RegExp): Locator {
  return conversation(page).locator("li[data-message-id]").filter({ hasText: text });
}

export async function openChat(side: Side, other: Side) {
  await side.page.goto(`/chat/${other.user.me._id}`);
  await expect(conversation(side.page)).toBeVisible();
}

export async function send(page: Page, text: string) {
  const input = page.getByRole("textbox", { name: /^Message / });
  await input.fill(text);
  await input.press("Enter");
}

/** The message's actions show on hover (or focus); this hovers it and presses one. */
export async function act(message: Locator, action: RegExp) {
  await message.hover();
  await message.getByRole("button", { name: action }).click();
}

/**
 * Typing, edit, delete, reply (its quote jumps to the original), reactions and "Seen", each
 * live in the other browser without a reload; then, with read receipts off for one of them,
 * neither sees "Seen".
 */
export async function playChatParity(ana: Side, ben: Side) {
  await connect(ana, ben);
  await openChat(ana, ben);
  await openChat(ben, ana);
  const anaName = ana.user.me.firstName;
  const benName = ben.user.me.firstName;

  // Both sockets are open once each sees the other online.
  await expect(ana.page.getByText("Active Now").first()).toBeVisible();
  await expect(ben.page.getByText("Active Now").first()).toBeVisible();

  // Typing shows on the other side, and clears when the message arrives.
  await ben.page.getByRole("textbox", { name: /^Message / }).pressSequentially("Hello");
  const typing = ana.page.getByRole("status").filter({ hasText: `${benName} is typing…` });
  await expect(typing).toBeVisible();
  await ben.page.getByRole("textbox", { name: /^Message / }).press("Enter");
  await expect(messageWith(ana.page, "Hello")).toBeVisible();
  await expect(typing).toBeHidden();

  // An edit reaches the other side, marked "edited".
  await send(ana.page, "Hi Ben, a tpyo here");
  const original = messageWith(ben.page, "a tpyo here");
  await expect(original).toBeVisible();
  await act(messageWith(ana.page, "a tpyo here"), /^Edit message/);
  const editor = ana.page.getByRole("textbox", { name: "Edit your message" });
  await expect(editor).toHaveValue("Hi Ben, a tpyo here");
  await editor.fill("Hi Ben, the typo is fixed");
  await editor.press("Enter");
  const edited = messageWith(ben.page, "the typo is fixed");
  await expect(edited).toBeVisible();
  await expect(edited.getByRole("button", { name: /^Edited at / })).toBeVisible();
  await expect(messageWith(ben.page, "a tpyo here")).toHaveCount(0);

  // "Seen": Ben has the conversation open, so Ana's last message is read.
  await expect(messageWith(ana.page, "the typo is fixed").getByText("Seen")).toBeVisible();

  // A reply quotes the original; the quote takes Ana to it.
  await act(edited, /^Reply to message/);
  await expect(ben.page.getByText(`Replying to ${anaName}`)).toBeVisible();
  await send(ben.page, "Answering that one");
  const reply = messageWith(ana.page, "Answering that one");
  await expect(reply).toBeVisible();
  const quote = reply.getByRole("button", { name: /^Go to the message from You/ });
  await expect(quote).toContainText("the typo is fixed");
  await quote.click();
  await expect(messageWith(ana.page, "the typo is fixed").locator(".ring-2")).toBeVisible();

  // A reaction shows with its count on both sides.
  await act(reply, /^React to message/);
  await ana.page.getByRole("button", { name: "React with ❤️" }).click();
  const onBen = messageWith(ben.page, "Answering that one");
  await expect(onBen.getByRole("button", { name: `❤️ 1: ${anaName}` })).toBeVisible();
  await onBen.getByRole("button", { name: `❤️ 1: ${anaName}` }).click();
  await expect(reply.getByRole("button", { name: `❤️ 2: You and ${benName}` })).toBeVisible();
  // Drawn with the app's own emoji font, whatever fonts the device has.
  await expect
    .poll(() =>
      ana.page.evaluate(() => {
        let loaded = false;
        document.fonts.forEach((font) => {
          if (font.family.replaceAll('"', "") === "Kindred Reactions" && font.status === "loaded") {
            loaded = true;
          }
        });
        return loaded;
      }),
    )
    .toBe(true);

  // Delete for everyone: the other side sees "Message deleted" in its place.
  await send(ana.page, "Oops, wrong chat");
  await expect(messageWith(ben.page, "Oops, wrong chat")).toBeVisible();
  await act(messageWith(ana.page, "Oops, wrong chat"), /^Delete message/);
  await ana.page
    .getByRole("dialog", { name: "Delete this message for everyone?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(messageWith(ben.page, "Oops, wrong chat")).toHaveCount(0);
  await expect(conversation(ben.page).getByText("Message deleted", { exact: true })).toBeVisible();

  // Read receipts off (Ben, in Settings): neither sees "Seen", also after new messages.
  await ben.page.goto("/settings");
  const receipts = ben.page.getByRole("checkbox", { name: /Read receipts/ });
  await expect(receipts).toBeChecked();
  await receipts.uncheck();
  await expect(ben.page.getByText("Read receipts are off.")).toBeVisible();
  await openChat(ben, ana);
  await send(ana.page, "Sent after receipts went off");
  await expect(messageWith(ben.page, "Sent after receipts went off")).toBeVisible();
  await send(ben.page, "Ben writes back");
  await expect(messageWith(ana.page, "Ben writes back")).toBeVisible();
  // Both have read everything (the server says so), and neither page shows "Seen".
  await expect
    .poll(
      async () =>
        (await ana.api.get<{ count: number }>(`/api/chat/${ben.user.me._id}/unread`)).count,
    )
    .toBe(0);
  await expect
    .poll(
      async () =>
        (await ben.api.get<{ count: number }>(`/api/chat/${ana.user.me._id}/unread`)).count,
    )
    .toBe(0);
  for (const page of [ana.page, ben.page]) {
    await page.reload();
    await expect(conversation(page).getByText("Ben writes back")).toBeVisible();
    await expect(conversation(page).getByText("Seen", { exact: true })).toHaveCount(0);
  }
}
