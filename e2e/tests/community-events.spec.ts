import type { Page } from "@playwright/test";
import { STORAGE_KEYS } from "../../apps/web/src/config/ui.ts";
import { EVENT_MESSAGES } from "../../packages/shared/src/community-events.ts";
import {
  type CommunityMember,
  expect,
  storeCommunityToken,
  type TestUser,
  test,
  uniqueId,
} from "../fixtures.ts";

/** The app's English words this test reads. */
const COMMUNITY_MESSAGES = {
  noEvents: "No events available. Create one!",
};
/** The app's English words this test reads. */
const EVENT_COPY = {
  addToCalendar: "Add to calendar",
  cancelEvent: "Cancel event",
  cancelQuestion: "Cancel this event?",
  cancelledNote: "This event was cancelled.",
  compact: "Compact",
  hostNote: "You host this event, so you are going.",
  notFoundTitle: "Event not found",
  resetAddress: "Reset address",
  resetQuestion: "Reset your calendar address?",
  showAddress: "Show address",
  subscribeTitle: "Subscribe in your calendar",
};

// These tests read the one list of events every member shares, so they run one after another,
// and each deletes what it made.
test.describe.configure({ mode: "serial" });

/** Answers the confirmation a delete button asks for. */
/**
 * Confirms the delete dialog and waits for the server's answer: the card leaves the screen at
 * once, and a reload before the answer would cancel the deletion itself.
 */
async function confirmDelete(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Delete your event?" });
  await expect(dialog).toBeVisible();
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "DELETE" &&
      /\/event\/[^/]+$/.test(new URL(response.url()).pathname),
  );
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await answered).status()).toBe(200);
}

/** A page of its own for a member (its console is watched like the test's own page). */
async function pageFor(
  signedInPage: (user: TestUser) => Promise<Page>,
  member: CommunityMember,
): Promise<Page> {
  const page = await signedInPage({
    storageState: { cookies: [], origins: [] },
  } as unknown as TestUser);
  await storeCommunityToken(page, member.token);
  return page;
}

/** A datetime-local value some days ahead, in the browser's own zone. */
function daysAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setMinutes(date.getMinutes() - date.getTimezoneOffset());
  return date.toISOString().slice(0, 16);
}

/** Answers on the page and waits for the server's answer (the page shows it before that). */
async function answer(page: Page, name: "Going" | "Not going") {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith("/rsvp") && response.request().method() === "PUT",
  );
  await page.getByRole("button", { name, exact: true }).click();
  expect((await saved).status()).toBe(200);
}

test("a full event waitlists the next person with their place, and moves them up when someone leaves", async ({
  page,
  signedInPage,
  joinCommunity,
}, testInfo) => {
  const join = (name: string) => joinCommunity(`${name}.${uniqueId()}`);
  const [host, ann, ben, cleo] = await Promise.all([
    join("host"),
    join("ann"),
    join("ben"),
    join("cleo"),
  ]);
  let eventId = "";
  try {
    // The host creates the event with the form; the host takes one of its places.
    await storeCommunityToken(page, host.token);
    await page.goto("/services/events");
    const title = `Capacity night ${uniqueId()}`;
    const form = page.getByRole("region", { name: "Create an event" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description").fill("Three places, then a waitlist.");
    await form.getByLabel("Date").fill(daysAhead(5));
    await form.getByLabel("Location").fill("Main library");
    await form.getByLabel("Capacity (optional)").fill("3");
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(form.getByLabel("Title")).toHaveValue("");
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByText("1 going · 2 of 3 places left")).toBeVisible();
    await card.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(EVENT_COPY.hostNote)).toBeVisible();
    const eventUrl = page.url();
    eventId = eventUrl.split("/").pop() ?? "";

    // Two others go.
    for (const member of [ann, ben]) {
      const memberPage = await pageFor(signedInPage, member);
      await memberPage.goto(eventUrl);
      await expect(memberPage.getByText(EVENT_MESSAGES.notGoing)).toBeVisible();
      await answer(memberPage, "Going");
      await expect(memberPage.getByText(EVENT_MESSAGES.going)).toBeVisible();
      await expect(
        memberPage.getByRole("list", { name: "People going" }).getByText(member.uname),
      ).toBeVisible();
    }

    // The third waits, with their place.
    const cleoPage = await pageFor(signedInPage, cleo);
    await cleoPage.goto(eventUrl);
    await expect(cleoPage.getByText("3 going · 0 of 3 places left")).toBeVisible();
    await answer(cleoPage, "Going");
    await expect(cleoPage.getByText("You are #1 on the waitlist")).toBeVisible();
    await cleoPage.reload();
    await expect(cleoPage.getByText("You are #1 on the waitlist")).toBeVisible();
    await cleoPage.screenshot({
      path: testInfo.outputPath("event-waitlisted.png"),
      fullPage: true,
    });

    // Ann cannot come after all: Cleo is going, and a reload shows it.
    const annPage = await pageFor(signedInPage, ann);
    await annPage.goto(eventUrl);
    await answer(annPage, "Not going");
    await expect(annPage.getByText(EVENT_MESSAGES.notGoing)).toBeVisible();
    await expect(
      annPage.getByRole("list", { name: "People going" }).getByText(ann.uname),
    ).toBeHidden();
    await cleoPage.reload();
    await expect(cleoPage.getByText(EVENT_MESSAGES.going)).toBeVisible();
    await expect(
      cleoPage.getByRole("list", { name: "People going" }).getByText(cleo.uname),
    ).toBeVisible();
    await expect(cleoPage.getByText("3 going · 0 of 3 places left")).toBeVisible();
  } finally {
    // Leaves no upcoming event behind for the other community tests.
    if (eventId) await host.send("DELETE", `/event/${eventId}`);
  }
});

test("a host who cancels an event tells everyone going, and their page offers no answer", async ({
  page,
  signedInPage,
  joinCommunity,
}) => {
  const [host, cleo] = await Promise.all([
    joinCommunity(`host.${uniqueId()}`),
    joinCommunity(`cleo.${uniqueId()}`),
  ]);
  const title = `Cancelled night ${uniqueId()}`;
  const eventId = await createEventByApi(host, title, 3);
  try {
    await cleo.send("PUT", `/event/${eventId}/rsvp`, { status: "going" });
    const cleoPage = await pageFor(signedInPage, cleo);
    await cleoPage.goto(`/services/events/${eventId}`);
    await expect(cleoPage.getByText(EVENT_MESSAGES.going)).toBeVisible();

    await storeCommunityToken(page, host.token);
    await page.goto(`/services/events/${eventId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("button", { name: EVENT_COPY.cancelEvent }).click();
    const confirm = page.getByRole("dialog", { name: EVENT_COPY.cancelQuestion });
    await confirm.getByRole("button", { name: EVENT_COPY.cancelEvent }).click();
    await expect(page.getByText(EVENT_MESSAGES.eventCancelled)).toBeVisible();
    await cleoPage.reload();
    await expect(cleoPage.getByText(EVENT_COPY.cancelledNote)).toBeVisible();
    await expect(cleoPage.getByRole("button", { name: "Going", exact: true })).toBeHidden();
  } finally {
    await host.send("DELETE", `/event/${eventId}`);
  }
});

/** An event made through the API, a few days ahead, written in Tokyo's offset. */
async function createEventByApi(
  member: CommunityMember,
  title: string,
  capacity: number | null = null,
) {
  const date = new Date(Date.now() + 4 * 86_400_000);
  const tokyo = new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 19);
  const event = await member.send("POST", "/createevent", {
    u_id: member.id,
    title,
    description: "An evening of practice problems, then food. ".repeat(6).trim(),
    date: `${tokyo}+09:00`,
    location: "Kindred House, 12 Long Street Name That Goes On, Room 3",
    capacity,
  });
  return event._id as string;
}

test("Add to calendar gives the event's .ics, and the private calendar address resets", async ({
  page,
  joinCommunity,
}) => {
  const member = await joinCommunity();
  const title = `Calendar night ${uniqueId()}`;
  const eventId = await createEventByApi(member, title, 10);
  try {
    await storeCommunityToken(page, member.token);
    await page.goto(`/services/events/${eventId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // Written in Tokyo's offset, so the host's time shows beside the reader's.
    await expect(page.getByText(/Host's time: .*\(UTC\+09:00\)/)).toBeVisible();

    const [response, download] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith(`/event/${eventId}/calendar.ics`)),
      page.waitForEvent("download"),
      page.getByRole("button", { name: EVENT_COPY.addToCalendar }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const file = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(file).toString("utf8");
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain(title);

    await page.goto("/services/events");
    const card = page.getByRole("region", { name: EVENT_COPY.subscribeTitle });
    await card.getByRole("button", { name: EVENT_COPY.showAddress }).click();
    const address = card.getByRole("textbox", { name: "Your calendar address" });
    await expect(address).toHaveValue(/\/api\/calendar\/.+\.ics$/);
    const first = await address.inputValue();
    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain(title);

    await card.getByRole("button", { name: EVENT_COPY.resetAddress }).click();
    const confirm = page.getByRole("dialog", { name: EVENT_COPY.resetQuestion });
    await confirm.getByRole("button", { name: EVENT_COPY.resetAddress }).click();
    await expect(page.getByText(EVENT_MESSAGES.calendarReset)).toBeVisible();
    await expect(address).not.toHaveValue(first);
    const second = await address.inputValue();
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);
  } finally {
    await member.send("DELETE", `/event/${eventId}`);
  }
});

for (const width of [390, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`the events screens fit ${width} px in ${theme}, long titles wrapping`, async ({
      browser,
      joinCommunity,
    }, testInfo) => {
      const member = await joinCommunity();
      const long = `An unusually long event title that keeps going ${"and going ".repeat(6)}${uniqueId()}`;
      const eventId = await createEventByApi(member, long, 2);
      const context = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 800 },
      });
      try {
        await context.addInitScript(
          ([themeKey, themeValue, tokenKey, token]) => {
            window.localStorage.setItem(themeKey as string, themeValue as string);
            window.localStorage.setItem(tokenKey as string, token as string);
          },
          [STORAGE_KEYS.theme, theme, STORAGE_KEYS.communityToken, member.token],
        );
        const page = await context.newPage();
        const problems: string[] = [];
        page.on("console", (message) => {
          if (message.type() === "error") problems.push(message.text());
        });
        page.on("pageerror", (error) => problems.push(error.message));

        const fits = () =>
          page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          );

        await page.goto("/services/events");
        await expect(page.getByRole("link", { name: long })).toBeVisible();
        expect(await fits(), "the events page scrolls sideways").toBe(true);
        await page.screenshot({
          path: testInfo.outputPath(`events-${width}-${theme}.png`),
          fullPage: true,
        });

        const compact = page.getByRole("checkbox", { name: EVENT_COPY.compact });
        await compact.click();
        await expect(compact).toBeChecked();
        await expect(page).toHaveURL(/view=compact/);
        await expect(page.getByRole("link", { name: long })).toBeVisible();
        expect(await fits(), "the compact list scrolls sideways").toBe(true);
        await page.screenshot({
          path: testInfo.outputPath(`events-compact-${width}-${theme}.png`),
          fullPage: true,
        });

        await page.goto(`/services/events/${eventId}`);
        await expect(page.getByRole("heading", { level: 1, name: long })).toBeVisible();
        expect(await fits(), "the event page scrolls sideways").toBe(true);
        await page.screenshot({
          path: testInfo.outputPath(`event-${width}-${theme}.png`),
          fullPage: true,
        });

        await page.goto("/services/events/00000000-0000-4000-8000-000000000000");
        await expect(page.getByText(EVENT_COPY.notFoundTitle)).toBeVisible();
        expect(await fits(), "the not-found state scrolls sideways").toBe(true);
        await page.screenshot({ path: testInfo.outputPath(`event-missing-${width}-${theme}.png`) });

        // The not-found answer is a 404 the browser logs as a failed resource; nothing else.
        expect(problems.filter((text) => !/404 \(Not Found\)/.test(text))).toEqual([]);
      } finally {
        await context.close();
        await member.send("DELETE", `/event/${eventId}`);
      }
    });
  }
}

test("three events give Page 1 of 2, Next shows the third, and their author deletes them", async ({
  page,
  joinCommunity,
}) => {
  const member = await joinCommunity();
  await storeCommunityToken(page, member.token);
  await page.goto("/services/events");
  // No made-up "featured meetup" that leads nowhere: only the community's own events.
  await expect(page.getByRole("heading", { name: "Weekly Community Meetup" })).toHaveCount(0);
  await expect(page.getByText(COMMUNITY_MESSAGES.noEvents)).toBeVisible();
  await expect(page.getByText(/Page \d+ of \d+/)).toBeHidden();

  const id = uniqueId();
  const titles = [`Study night ${id}`, `Hack day ${id}`, `Talk series ${id}`];
  const form = page.getByRole("region", { name: "Create an event" });
  for (const [index, title] of titles.entries()) {
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description").fill("Bring a friend");
    await form.getByLabel("Date").fill(`2099-0${index + 1}-15T18:30`);
    await form.getByLabel("Location").fill("Main library");
    await form.getByRole("button", { name: "Add Event" }).click();
    await expect(form.getByLabel("Title")).toHaveValue("");
  }

  const events = page.getByRole("list", { name: "Upcoming events" });
  // The list opens where the newest event landed: the third, alone on page 2.
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(events.getByRole("heading", { name: titles[2] as string })).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(events.getByRole("listitem")).toHaveCount(2);
  await expect(events.getByRole("heading", { name: titles[0] as string })).toBeVisible();
  await expect(events.getByRole("heading", { name: titles[1] as string })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(events.getByRole("listitem")).toHaveCount(1);
  await expect(events.getByRole("heading", { name: titles[2] as string })).toBeVisible();
  // The date in the reader's locale, from the ISO instant the server keeps.
  const expected = await page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" }).format(
      new Date("2099-03-15T18:30"),
    ),
  );
  await expect(events.getByText(expected)).toBeVisible();

  // The member deletes their events from their cards (which also leaves none for other runs).
  await events.getByRole("button", { name: `Delete your event ${titles[2]}` }).click();
  await confirmDelete(page);
  await expect(page.getByText("Your event is deleted.").first()).toBeVisible();
  await expect(page.getByText("Page 1 of 1")).toBeHidden();
  await expect(events.getByRole("listitem")).toHaveCount(2);
  for (const title of titles.slice(0, 2)) {
    await events.getByRole("button", { name: `Delete your event ${title}` }).click();
    await confirmDelete(page);
    await expect(events.getByRole("heading", { name: title })).toBeHidden();
  }
  await expect(page.getByText(COMMUNITY_MESSAGES.noEvents)).toBeVisible();
  await page.reload();
  await expect(page.getByText(COMMUNITY_MESSAGES.noEvents)).toBeVisible();
});
