import type { Card } from "@kindred/shared";
import type { Locator, Page } from "@playwright/test";
import {
  dragCard,
  expect,
  fullName,
  inApp,
  type TestUser,
  test,
  uniqueId,
  uniqueSkills,
} from "../fixtures.ts";

function card(page: Page, user: TestUser): Locator {
  return page.getByRole("article", { name: fullName(user) });
}

async function openFeed(page: Page) {
  await inApp(page);
  await expect(
    page.getByText("Swipe right if you're interested. Swipe left to ignore."),
  ).toBeVisible();
}

/** Resolves once the server has taken the decision about that person. */
async function waitForSend(page: Page, status: "interested" | "ignored", to: TestUser) {
  const response = await page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      r.url().includes(`/api/request/send/${status}/${to.me._id}`),
  );
  expect(response.status()).toBe(201);
}

test("a right swipe becomes a connection once the other person accepts", async ({
  createUser,
  signedInPage,
  apiAs,
}) => {
  const id = uniqueId();
  const ada = await createUser({
    firstName: `Ada${id}`,
    skills: uniqueSkills(id, "chess", "rust", "hiking"),
  });
  const bob = await createUser({
    firstName: `Bob${id}`,
    skills: [...uniqueSkills(id, "chess", "rust"), `cooking-${id}`],
  });

  // Ada sees Bob first, since he shares two of her skills, and the count says so.
  const adaPage = await signedInPage(ada);
  await openFeed(adaPage);
  const bobCard = card(adaPage, bob);
  await expect(bobCard).toBeVisible();
  await expect(bobCard.getByText("2+", { exact: true })).toBeVisible();
  // ...and the card says in words what they share.
  const sentence = bobCard.getByText(/^You both know /);
  await expect(sentence).toBeVisible();
  for (const skill of uniqueSkills(id, "chess", "rust"))
    await expect(sentence).toContainText(skill);

  const sent = waitForSend(adaPage, "interested", bob);
  await dragCard(adaPage, bobCard, "right");
  await sent;
  await expect(bobCard).toHaveCount(0);

  // Bob sees Ada's request and accepts it.
  const bobPage = await signedInPage(bob);
  await bobPage.goto("/requests");
  const request = card(bobPage, ada);
  await expect(request).toBeVisible();
  await request.getByRole("button", { name: /accept/i }).click();
  await expect(request).toHaveCount(0);

  // Accepting updates Bob's connections without a reload.
  await bobPage.getByRole("link", { name: "Connections" }).first().click();
  await expect(bobPage).toHaveURL(/\/connections$/);
  await expect(card(bobPage, ada)).toBeVisible();

  await adaPage.goto("/connections");
  await expect(card(adaPage, bob)).toBeVisible();

  // Neither sees the other in the feed any more.
  for (const [page, other] of [
    [adaPage, bob],
    [bobPage, ada],
  ] as const) {
    await openFeed(page);
    await expect(page.getByText("Loading...")).toHaveCount(0);
    await expect(card(page, other)).toHaveCount(0);
  }
  const adaApi = await apiAs(ada);
  const feed = await adaApi.get<Card[]>("/api/feed?limit=50");
  expect(feed.map((user) => user._id)).not.toContain(bob.me._id);
});

test("a left swipe by keyboard removes the card for good", async ({
  createUser,
  signedInPage,
  apiAs,
}) => {
  const id = uniqueId();
  const skills = uniqueSkills(id, "pottery", "origami", "juggling");
  const cleo = await createUser({ firstName: `Cleo${id}`, skills });
  const dan = await createUser({ firstName: `Dan${id}`, skills });

  const page = await signedInPage(cleo);
  await openFeed(page);
  const danCard = card(page, dan);
  await expect(danCard).toBeVisible();
  await expect(danCard.getByText("3+", { exact: true })).toBeVisible();

  const sent = waitForSend(page, "ignored", dan);
  await page.keyboard.press("ArrowLeft");
  await expect(danCard).toHaveCount(0);
  await sent;

  await page.reload();
  await expect(page.getByRole("heading", { name: "Discover People" })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
  await expect(danCard).toHaveCount(0);

  // The server agrees: Dan was ignored, so he is out of the feed, and out of Cleo's connections.
  const cleoApi = await apiAs(cleo);
  await expect
    .poll(async () => (await cleoApi.get<Card[]>("/api/feed?limit=50")).map((user) => user._id))
    .not.toContain(dan.me._id);
  const danApi = await apiAs(dan);
  expect(await danApi.get<unknown[]>("/api/user/requests/received")).toHaveLength(0);
});

test("the buttons decide too, and a rejected request leaves no connection", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  const skills = uniqueSkills(id, "sailing", "knitting", "haskell");
  const eve = await createUser({ firstName: `Eve${id}`, skills });
  const finn = await createUser({ firstName: `Finn${id}`, skills });

  const evePage = await signedInPage(eve);
  await openFeed(evePage);
  const finnCard = card(evePage, finn);
  await expect(finnCard).toBeVisible();
  const sent = waitForSend(evePage, "interested", finn);
  await evePage.getByRole("button", { name: "Interested", exact: true }).first().click();
  await expect(finnCard).toHaveCount(0);
  // The button does not wait for the server; the other person's list does.
  await sent;

  const finnPage = await signedInPage(finn);
  await finnPage.goto("/requests");
  const request = card(finnPage, eve);
  await expect(request).toBeVisible();
  await request.getByRole("button", { name: /reject/i }).click();
  await expect(request).toHaveCount(0);
  await expect(finnPage.getByText("No Requests Found")).toBeVisible();

  await finnPage.goto("/connections");
  await expect(finnPage.getByText("No Connections Found")).toBeVisible();
});

test("on a phone, the offer of push after a first request leaves the next card where it was", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  const skills = uniqueSkills(id, "rowing", "pottery", "elixir");
  const ivy = await createUser({ firstName: `Ivy${id}`, skills });
  const jon = await createUser({
    firstName: `Jon${id}`,
    skills: [...skills.slice(0, 2), `weaving-${id}`],
  });
  const kai = await createUser({
    firstName: `Kai${id}`,
    skills: [skills[0] as string, `juggling-${id}`, `cobol-${id}`],
  });

  const page = await signedInPage(ivy);
  // Today's picks are made at 9:00 and, once there, sit above the deck and size it: after that
  // hour they would appear at the first swipe. This test is about the push offer, so it has none.
  await page.route("**/api/picks", (route) =>
    route.fulfill({ json: { status: 1, message: "Today's picks", data: [] } }),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await openFeed(page);
  await expect(card(page, jon)).toBeVisible();
  // The deck may still be rendering its cards: wait until the card has a place on screen.
  let first: number | null = null;
  await expect
    .poll(async () => {
      first = (await card(page, jon).boundingBox())?.y ?? null;
      return first !== null;
    })
    .toBe(true);

  const sent = waitForSend(page, "interested", jon);
  await page.getByRole("button", { name: "Interested", exact: true }).first().click();
  await sent;
  const offer = page.getByRole("region", { name: "Get notified when they answer" });
  await expect(offer).toBeVisible();
  await expect(card(page, kai)).toBeVisible();
  // Once the deck has moved up, the next card stands where the first one stood.
  await expect
    .poll(async () => Math.round((await card(page, kai).boundingBox())?.y ?? -1))
    .toBe(Math.round(first ?? 0));

  // Not now puts it away, and the buttons are there to press.
  await offer.getByRole("button", { name: "Not now" }).click();
  await expect(offer).toHaveCount(0);
  const interested = page.getByRole("button", { name: "Interested", exact: true }).first();
  await expect(interested).toBeInViewport({ ratio: 1 });
  const sentToKai = waitForSend(page, "interested", kai);
  await interested.click();
  await sentToKai;
});

test.describe("the feed's states", () => {
  test("shows Loading... while the feed is on its way", async ({ createUser, signedInPage }) => {
    const id = uniqueId();
    const skills = uniqueSkills(id, "climbing", "baking", "golang");
    const gus = await createUser({ firstName: `Gus${id}`, skills });
    const hana = await createUser({ firstName: `Hana${id}`, skills });
    const page = await signedInPage(gus);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/feed**", async (route) => {
      await held;
      await route.continue();
    });
    await openFeed(page);
    await expect(page.getByText("Loading...").first()).toBeVisible();
    release();
    await expect(card(page, hana)).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);
  });

  test("shows the failure panel, and Try Again loads the cards", async ({
    createUser,
    signedInPage,
    allowConsoleErrors,
  }) => {
    // The test cuts the feed's connection on purpose.
    allowConsoleErrors(/net::ERR_FAILED/);
    const id = uniqueId();
    const skills = uniqueSkills(id, "surfing", "drawing", "elixir");
    const ivy = await createUser({ firstName: `Ivy${id}`, skills });
    const jon = await createUser({ firstName: `Jon${id}`, skills });
    const page = await signedInPage(ivy);

    await page.route("**/api/feed**", (route) => route.abort("failed"));
    await page.goto("/home");
    await expect(page.getByText("Uh oh, feed failed to load!")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Failed to load feed. Please try again.")).toBeVisible();
    await page.getByRole("button", { name: "Another Joke" }).click();
    await expect(page.getByText("Uh oh, feed failed to load!")).toBeVisible();

    await page.unroute("**/api/feed**");
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(card(page, jon)).toBeVisible();
    await expect(page.getByText("Uh oh, feed failed to load!")).toHaveCount(0);
  });

  test("says so when nobody new is left", async ({ createUser, signedInPage }) => {
    // Other tests keep adding people to the same server, so the empty answer is staged.
    const kai = await createUser();
    const page = await signedInPage(kai);
    await page.route("**/api/feed**", (route) =>
      route.fulfill({ json: { status: 1, message: "Feed", data: [] } }),
    );
    await openFeed(page);
    await expect(page.getByText("No new users found!")).toBeVisible();
    // The next step is offered: here, the study groups.
    await page
      .getByRole("navigation", { name: "What next" })
      .getByRole("link", { name: "Browse study groups" })
      .click();
    await expect(page).toHaveURL(/\/services\/groups$/);
  });

  test("a newcomer has no requests and no connections yet", async ({
    createUser,
    signedInPage,
  }) => {
    const lea = await createUser();
    const page = await signedInPage(lea);
    await page.goto("/requests");
    await expect(page.getByText("No Requests Found")).toBeVisible();
    await page.goto("/connections");
    await expect(page.getByText("No Connections Found")).toBeVisible();
  });
});
