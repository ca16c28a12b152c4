import type { Page } from "@playwright/test";
import {
  codeFromOutbox,
  connectedPair,
  expect,
  type Fixtures,
  fullName,
  type TestUser,
  test,
  uniqueId,
} from "../fixtures.ts";

/** A 120-character word with no place to break. */
const LONG_WORD = `Supercalifragilistic${"x".repeat(100)}`;

/** Nothing on the page scrolls sideways: the document is no wider than the window. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.documentElement;
          return root.scrollWidth - root.clientWidth;
        }),
      { message: `${screen} scrolls sideways` },
    )
    .toBeLessThanOrEqual(0);
}

/** 50-character first and last names (the limit), a long about with a 120-character word. */
async function longPerson(createUser: (o?: object) => Promise<TestUser>) {
  const id = uniqueId();
  return createUser({
    firstName: `Maximiliana${id}${"a".repeat(50 - 11 - id.length)}`,
    lastName: `Wolfeschlegelsteinhausen${"b".repeat(26)}`,
    about:
      `Hello ${LONG_WORD} and more. ${"I like long walks and longer words. ".repeat(12)}`.slice(
        0,
        500,
      ),
    age: "30",
    gender: "female",
    skills: [`verylongskillnamewithoutspace${id[0]}`, `another${id}skillthatislong`, "coding"],
  });
}

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("long names and words wrap or truncate everywhere, with the full text available", async ({
    createUser,
    apiAs,
    signedInPage,
  }) => {
    const long = await longPerson(createUser);
    const viewer = await createUser();
    const name = fullName(long);
    const longApi = await apiAs(long);
    const sent = await longApi.sendRequest("interested", viewer.me);
    const page = await signedInPage(viewer);

    await page.goto("/requests");
    await expect(page.getByText(long.me.firstName).first()).toBeVisible();
    await expect(page.locator(`[title="${name}"]`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, "requests");

    await (await apiAs(viewer)).post(`/api/request/review/accepted/${sent._id}`);
    await page.goto("/connections");
    await expect(page.getByText(long.me.firstName).first()).toBeVisible();
    await expect(page.locator(`[title="${name}"]`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, "connections");

    await page.goto("/chat");
    await expect(page.getByRole("link", { name: new RegExp(long.me.firstName) })).toBeVisible();
    await expect(page.locator(`[title="${name}"]`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, "chat list");

    await page.goto(`/chat/${long.me._id}`);
    const conversation = page.getByRole("region", { name: /^Conversation with / });
    await expect(conversation).toBeVisible();
    await expect(conversation.locator(`[title="${name}"]`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, "chat conversation");

    // The report dialog names the person without pushing the page wider.
    await page.getByRole("button", { name: /^More actions for / }).click();
    await page.getByRole("menuitem", { name: "Report" }).click();
    const dialog = page.getByRole("dialog", { name: new RegExp(`^Report ${long.me.firstName}`) });
    await expect(dialog).toBeVisible();
    await expectNoSidewaysScroll(page, "report dialog");
    const box = await dialog.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press("Escape");

    const { url } = await (await apiAs(long)).get<{ url: string }>("/api/generate_public_url");
    await page.goto(new URL(url).pathname);
    await expect(page.getByText(LONG_WORD, { exact: false }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, "public profile");

    // A third person meets the long person in the feed.
    const stranger = await signedInPage(await createUser({ skills: long.me.skills }));
    await stranger.goto("/home");
    await expect(stranger.getByText(long.me.firstName).first()).toBeVisible();
    await expect(stranger.locator(`[title="${name}"]`).first()).toBeVisible();
    await expectNoSidewaysScroll(stranger, "feed");
  });

  test("a community post with a 120-character word wraps", async ({ page, baseURL }) => {
    const uname = `e2e.${uniqueId()}`;
    const health = await page.request.get(`${baseURL}/api/health`);
    expect(health.ok()).toBe(true);
    const xsrf = (await page.context().storageState()).cookies.find((c) => c.name === "XSRF-TOKEN");
    const headers = { "X-XSRF-TOKEN": decodeURIComponent(xsrf?.value ?? "") };
    const joined = await page.request.post("/api/community/fusionauth", {
      data: { uname, password: "community-password" },
      headers,
    });
    expect(joined.ok(), await joined.text()).toBe(true);
    const { token, data } = await joined.json();
    const posted = await page.request.post("/api/community/fusionpublish", {
      data: { userId: data.id, title: LONG_WORD, content: `Content ${LONG_WORD}` },
      headers: { ...headers, Authorization: `Bearer ${token}` },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
    await page.goto("/");
    await page.evaluate((value) => window.localStorage.setItem("u_token", value), token);
    await page.goto("/community");
    await expect(page.getByText(`Content ${LONG_WORD}`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, "community posts");
  });

  test("the 404 page has the site's header and footer and a way back", async ({
    page,
    allowConsoleErrors,
  }) => {
    // The page itself answers 404, which Chromium logs as a failed load.
    allowConsoleErrors(/status of 404/);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
    await expect(page.getByText("404 - PAGE NOT FOUND")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Kindred" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectNoSidewaysScroll(page, "404");
    await page.getByRole("button", { name: "GO TO HOMEPAGE" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("every password field has a show-password toggle", async ({ page }) => {
  const check = async (label: string) => {
    const input = page.getByLabel(label, { exact: true });
    await input.fill("secret words");
    await expect(input).toHaveAttribute("type", "password");
    const show = page.getByRole("button", { name: "Show password" }).first();
    await expect(show).toHaveAttribute("aria-pressed", "false");
    await show.click();
    await expect(input).toHaveAttribute("type", "text");
    const hide = page.getByRole("button", { name: "Hide password" });
    await expect(hide).toHaveAttribute("aria-pressed", "true");
    await hide.click();
    await expect(input).toHaveAttribute("type", "password");
  };
  await page.goto("/login");
  await check("Password");
  await page.goto("/signup");
  await check("Password");
  await page.goto("/community");
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("Password");
});

test("the set-password step has a toggle on both of its fields", async ({ page, createUser }) => {
  const user = await createUser();
  await page.goto("/forget-password");
  await page.getByLabel("Email").fill(user.emailId);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/verify-code$/);
  const code = await codeFromOutbox(user.emailId);
  await page.getByLabel("Digit 1 of 6").click();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/set-password$/);
  await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(2);
  await page.getByLabel("Re-enter new password", { exact: true }).fill("secret words");
  await page.getByRole("button", { name: "Show password" }).nth(1).click();
  await expect(page.getByLabel("Re-enter new password", { exact: true })).toHaveAttribute(
    "type",
    "text",
  );
});

test("the account menu's New badge on Profile shows only until the profile is complete", async ({
  createUser,
  signedInPage,
}) => {
  const fresh = await createUser();
  const freshPage = await signedInPage(fresh);
  await freshPage.goto("/connections");
  await freshPage.getByRole("button", { name: "Open account menu" }).click();
  await expect(freshPage.getByRole("menuitem", { name: /^Profile/ })).toContainText("New");

  const complete = await createUser({ about: "I like maps.", age: "24", gender: "other" });
  const completePage = await signedInPage(complete);
  await completePage.goto("/connections");
  await completePage.getByRole("button", { name: "Open account menu" }).click();
  const item = completePage.getByRole("menuitem", { name: /^Profile/ });
  await expect(item).toBeVisible();
  await expect(item).not.toContainText("New");
});

/** Ana's page, open on her chat with Ben, a new connection of hers. */
async function chatWithConnection(
  { createUser, apiAs, signedInPage }: Pick<Fixtures, "createUser" | "apiAs" | "signedInPage">,
  viewport?: { width: number; height: number },
) {
  const { ana, ben } = await connectedPair({ createUser, apiAs });
  const page = await signedInPage(ana);
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`/chat/${ben.me._id}`);
  return { page, ben };
}

test("the contact panel shows no Email, Phone or Address rows", async ({
  createUser,
  apiAs,
  signedInPage,
}) => {
  const { page, ben } = await chatWithConnection({ createUser, apiAs, signedInPage });
  const panel = page.getByRole("complementary", { name: "Contact details" });
  await expect(panel.getByText("Joined")).toBeVisible();
  await expect(panel.getByText("Not shared")).toHaveCount(0);
  for (const label of ["Email", "Phone", "Address"]) {
    await expect(panel.getByText(label, { exact: true })).toHaveCount(0);
  }
  await expect(panel.getByText(ben.emailId)).toHaveCount(0);
});

test("at 1280 px the chat panel lines up with the header's content", async ({
  createUser,
  apiAs,
  signedInPage,
}) => {
  const { page } = await chatWithConnection(
    { createUser, apiAs, signedInPage },
    { width: 1280, height: 800 },
  );
  const brand = await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Kindred" })
    .boundingBox();
  const list = await page.getByRole("navigation", { name: "Conversations" }).boundingBox();
  const panel = await page.getByRole("complementary", { name: "Contact details" }).boundingBox();
  if (!brand || !list || !panel) throw new Error("the header or the chat is not on screen");
  // The header's content starts where the brand does and ends as far from the right edge.
  expect(list.x).toBeGreaterThanOrEqual(brand.x - 1);
  expect(panel.x + panel.width).toBeLessThanOrEqual(1280 - brand.x + 1);
});

test("one wording for Login and Sign up across titles and links", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle(/^Login/);
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Sign up", exact: true }),
  ).toBeVisible();
  await page.goto("/signup");
  await expect(page).toHaveTitle(/^Sign up/);
  await expect(page.getByRole("button", { name: "Sign up", exact: true })).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Login", exact: true }),
  ).toBeVisible();
});
