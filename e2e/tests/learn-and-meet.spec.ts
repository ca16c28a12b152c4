import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  fullName,
  inApp,
  type TestUser,
  test,
  uniqueId,
  watchContext,
} from "../fixtures.ts";

// Learn from each other (issue 42): someone adds what they want to learn, finds who can teach it,
// connects, breaks the ice, suggests a time both are free, and both put it in their calendars.

/** A browser signed in as the person, its clock in their time zone. */
async function pageIn(
  browser: Browser,
  user: TestUser,
  timezoneId: string,
  problems: string[],
): Promise<Page> {
  const context = await browser.newContext({ storageState: user.storageState, timezoneId });
  watchContext(context, problems);
  return context.newPage();
}

/** The start's hour and minute in the zone as the app writes them ("3:00"; en-US, the browser's). */
function startIn(start: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
  }).formatToParts(new Date(start));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("hour")}:${part("minute")}`;
}

/** The .ics the "Add to calendar" link of the page's meet-up card downloads. */
async function downloadCalendar(page: Page): Promise<string> {
  const card = page.getByRole("region", { name: /^Meet-up on / });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Add to calendar" }).click(),
  ]);
  const file = await download.path();
  return readFile(file, "utf8");
}

/** DTSTART's value as RFC 5545 writes a UTC time. */
const icsTime = (iso: string) => `${iso.slice(0, 19).replace(/[-:]/g, "")}Z`;

test("two people who can teach each other find each other, break the ice and meet", async ({
  browser,
  createUser,
  apiAs,
  consoleProblems,
}) => {
  const id = uniqueId();
  const guitar = `Guitar-${id}`;
  const python = `Python-${id}`;
  // Maya, in New York, knows Guitar and wants to learn Python; free on Mondays 09:00-11:00.
  const maya = await createUser({
    firstName: `Maya${id}`,
    skills: [guitar, `Jazz-${id}`, `Piano-${id}`],
    learning: [python],
  });
  // Leo, in Madrid, knows Python; free on Mondays 15:00-18:00 (09:00-12:00 in New York).
  const leo = await createUser({
    firstName: `Leo${id}`,
    skills: [python, `Chess-${id}`, `Go-${id}`],
  });
  const mayaApi = await apiAs(maya);
  const leoApi = await apiAs(leo);
  await mayaApi.put("/api/account/settings", { timeZone: "America/New_York" });
  await leoApi.put("/api/account/settings", { timeZone: "Europe/Madrid" });
  await mayaApi.put("/api/account/availability", {
    slots: [9, 10].map((hour) => ({ day: 1, hour })),
  });
  await leoApi.put("/api/account/availability", {
    slots: [15, 16, 17].map((hour) => ({ day: 1, hour })),
  });

  // Leo adds Guitar to what he wants to learn.
  const leoPage = await pageIn(browser, leo, "Europe/Madrid", consoleProblems);
  await leoPage.goto("/profile");
  await leoPage.getByLabel("Gender").selectOption("male");
  const learning = leoPage.getByPlaceholder("Add a skill to learn");
  await learning.fill(guitar);
  await learning.press("Enter");
  await leoPage.getByRole("button", { name: "Save" }).click();
  await expect(leoPage.getByText("Profile Saved Successfully")).toBeVisible();

  // Discover, filtered to who can teach him Guitar: Maya, and what the two can trade.
  await inApp(leoPage);
  await leoPage.getByRole("button", { name: "Filters" }).click();
  const teaches = leoPage.getByRole("combobox", { name: "Can teach me…" });
  await teaches.fill(guitar);
  await teaches.press("Enter");
  const mayaCard = leoPage.getByRole("article", { name: fullName(maya) });
  await expect(mayaCard).toBeVisible();
  await expect(
    mayaCard.getByText(`can teach you ${guitar} · you can teach them ${python}`),
  ).toBeVisible();
  const sent = leoPage.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes(`/api/request/send/interested/`),
  );
  await leoPage.getByRole("button", { name: "Interested", exact: true }).first().click();
  expect((await sent).status()).toBe(201);

  // Maya accepts.
  const [request] = await mayaApi.get<{ _id: string }[]>("/api/user/requests/received");
  await mayaApi.post(`/api/request/review/accepted/${request?._id}`);

  // Leo breaks the ice with the trade both can make, and sends it.
  await leoPage.goto(`/chat/${maya.me._id}`);
  const opener = leoPage.getByRole("button", { name: /trade for some/ });
  await expect(opener).toContainText(`You want to learn ${python} and I know it`);
  await opener.click();
  const composer = leoPage.getByRole("textbox", { name: /^Message / });
  await expect(composer).toHaveValue(/trade for some Guitar/);
  await composer.press("Enter");
  await expect(leoPage.getByText(/trade for some Guitar/).first()).toBeVisible();

  // He suggests the first time both are free.
  const [free] = await leoApi.get<{ start: string; end: string }[]>(
    `/api/chat/${maya.me._id}/overlap`,
  );
  expect(free).toBeDefined();
  const start = (free as { start: string }).start;
  await leoPage.getByRole("button", { name: "Suggest a time" }).click();
  const dialog = leoPage.getByRole("dialog", { name: /^Suggest a time to / });
  const times = dialog.getByRole("list", { name: "Times you're both free" });
  await times.getByRole("radio").first().check();
  await expect(times.getByRole("listitem").first()).toContainText(startIn(start, "Europe/Madrid"));
  await dialog.getByRole("button", { name: "Send suggestion" }).click();
  await expect(leoPage.getByRole("region", { name: /^Meet-up on / })).toBeVisible();

  // Maya accepts it in her chat; both cards say so, each in its own zone.
  const mayaPage = await pageIn(browser, maya, "America/New_York", consoleProblems);
  await mayaPage.goto(`/chat/${leo.me._id}`);
  const mayaCardOfMeetup = mayaPage.getByRole("region", { name: /^Meet-up on / });
  await expect(mayaCardOfMeetup).toContainText(startIn(start, "America/New_York"));
  await mayaCardOfMeetup.getByRole("button", { name: "Accept" }).click();
  await expect(mayaCardOfMeetup.getByRole("link", { name: "Add to calendar" })).toBeVisible();
  const leoCardOfMeetup = leoPage.getByRole("region", { name: /^Meet-up on / });
  await expect(leoCardOfMeetup.getByRole("link", { name: "Add to calendar" })).toBeVisible();
  await expect(leoCardOfMeetup).toContainText(startIn(start, "Europe/Madrid"));

  // Both download the same meet-up, starting at the moment both are free.
  for (const page of [leoPage, mayaPage]) {
    const ics = await downloadCalendar(page);
    expect(ics).toContain(`DTSTART:${icsTime(start)}`);
    expect(ics).toContain("STATUS:CONFIRMED");
  }
});
