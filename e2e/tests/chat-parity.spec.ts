import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  act,
  connect,
  conversation,
  messageWith,
  openChat,
  personOn,
  playChatParity,
  type Side,
} from "../chat-scenario.ts";
import { ApiSession, expect, test } from "../fixtures.ts";

test("chat: typing, edit, delete, reply, reactions and Seen, live; receipts off hide Seen", async ({
  browser,
  baseURL,
  consoleProblems,
}) => {
  const ana = await personOn(browser, baseURL as string, consoleProblems, "Ana");
  const ben = await personOn(browser, baseURL as string, consoleProblems, "Ben");
  try {
    await playChatParity(ana, ben);
  } finally {
    await Promise.all([ana.context.close(), ben.context.close()]);
  }
});

/** A phone's photo: landscape sensor pixels turned by EXIF Orientation 6, with a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  const band = await sharp({
    create: { width: 200, height: 800, channels: 3, background: "#fde047" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1d4ed8" } })
    .composite([{ input: band, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function statusOf(session: ApiSession, url: string): Promise<number> {
  return (await session.context.get(url)).status();
}

test("a chat photo from a phone arrives upright without metadata, for the two people only", async ({
  browser,
  baseURL,
  consoleProblems,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 404/);
  const base = baseURL as string;
  const ana = await personOn(browser, base, consoleProblems, "Ana");
  const ben = await personOn(browser, base, consoleProblems, "Ben");
  try {
    await connect(ana, ben);
    await openChat(ana, ben);
    await openChat(ben, ana);
    await ana.page.getByTestId("chat-photo-input").setInputFiles({
      name: "IMG_0042.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto(),
    });
    const toSend = ana.page.getByRole("list", { name: "Photos to send" });
    await expect(toSend.getByRole("listitem")).toHaveCount(1);
    const sendButton = ana.page.getByRole("button", { name: "Send", exact: true });
    await expect(sendButton).toBeEnabled();
    await sendButton.click();

    // Ben sees it and opens it full size.
    const opener = conversation(ben.page).getByRole("button", { name: "Open photo 1 of 1" });
    await expect(opener).toBeVisible();
    await opener.click();
    const full = ben.page.getByRole("dialog", { name: "Photo" }).getByRole("img");
    await expect
      .poll(() => full.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const address = await full.getAttribute("src");
    expect(address).toMatch(/^\/api\/chat\/photos\/chat-[0-9a-f-]{36}-large\.webp$/);

    // Upright (the sensor's 1200 × 800 turned: taller than wide), with no metadata at all.
    const file = await ben.api.context.get(address as string);
    expect(file.status()).toBe(200);
    const metadata = await sharp(await file.body()).metadata();
    expect([metadata.width, metadata.height]).toEqual([800, 1200]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();

    // Its address alone: 404 signed out and to a third person.
    const signedOut = await ApiSession.open(base);
    expect(await statusOf(signedOut, address as string)).toBe(404);
    const cy = await signedOut.signUp({ firstName: "Cy" });
    const cySession = await ApiSession.open(base, cy.storageState);
    expect(await statusOf(cySession, address as string)).toBe(404);
    expect(await statusOf(ana.api, address as string)).toBe(200);
    await Promise.all([signedOut.dispose(), cySession.dispose()]);
  } finally {
    await Promise.all([ana.context.close(), ben.context.close()]);
  }
});

/** Writes `count` messages from one person to the other through the API, oldest first. */
async function write(from: Side, to: Side, count: number, text: (n: number) => string) {
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const message = await from.api.post<{ _id: string }>(`/api/chat/${to.user.me._id}/messages`, {
      text: text(n),
    });
    ids.push(message._id);
  }
  return ids;
}

/** The message whose text is exactly this (not "Message 2" for "Message 26"). */
function exactMessage(page: Page, text: string) {
  return conversation(page)
    .locator("li[data-message-id]")
    .filter({ has: page.getByText(text, { exact: true }) });
}

async function inView(page: Page, text: string) {
  await expect(exactMessage(page, text)).toBeInViewport();
}

test("a long conversation opens at the first unread message; search finds an old one", async ({
  browser,
  baseURL,
  consoleProblems,
}) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  const ana = await personOn(browser, base, consoleProblems, "Ana");
  const ben = await personOn(browser, base, consoleProblems, "Ben");
  try {
    await connect(ana, ben);
    const ids = await write(ana, ben, 300, (n) =>
      n === 12 ? `Message ${n} about zebracorns` : `Message ${n}`,
    );
    // Ben read the first 260: 40 are unread.
    await ben.api.post(`/api/chat/${ana.user.me._id}/read`, { messageId: ids[259] });
    await openChat(ben, ana);
    await expect(conversation(ben.page).getByText("New messages")).toBeInViewport();
    await inView(ben.page, "Message 261");
    await expect(exactMessage(ben.page, "Message 300")).not.toBeInViewport();

    // Jump to the newest.
    await ben.page.getByRole("button", { name: "Jump to newest" }).click();
    await inView(ben.page, "Message 300");

    // Search finds message 12 and opens the conversation there.
    await ben.page.getByRole("button", { name: "Search in conversation" }).click();
    await ben.page.getByRole("searchbox", { name: "Search messages" }).fill("zebracorn");
    const results = ben.page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("button")).toHaveCount(1);
    await results.getByRole("button").click();
    await inView(ben.page, "Message 12 about zebracorns");
    // A reply from Ben to message 12 quotes it; its quote jumps back there from the newest.
    await act(messageWith(ben.page, "Message 12 about zebracorns"), /^Reply to message/);
    await ben.page.getByRole("textbox", { name: /^Message / }).fill("About that old one");
    await ben.page.getByRole("textbox", { name: /^Message / }).press("Enter");
    await openChat(ana, ben);
    const reply = messageWith(ana.page, "About that old one");
    await expect(reply).toBeVisible();
    await reply.getByRole("button", { name: /^Go to the message from You/ }).click();
    await inView(ana.page, "Message 12 about zebracorns");
  } finally {
    await Promise.all([ana.context.close(), ben.context.close()]);
  }
});
