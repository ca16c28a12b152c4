import type { Page } from "@playwright/test";
import { expect, fillSignup, logIn, type TestUser, test, uniqueId } from "../fixtures.ts";

async function chooseFromAccountMenu(page: Page, item: string) {
  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: item }).click();
}

/** Gender is a select of the allowed values plus an empty choice, or free text. */
async function setGender(page: Page, value: string) {
  const gender = page.getByLabel("Gender");
  if ((await gender.evaluate((el) => el.tagName)) === "SELECT") await gender.selectOption(value);
  else await gender.fill(value);
}

test.describe("signing up", () => {
  test("with two tags shows the minimum-tags message, then the hint", async ({ page }) => {
    await fillSignup(page, `Ada${uniqueId()}`, ["games", "cooking"]);
    await page.getByRole("button", { name: "Sign up" }).click();

    // Said in the toast and at the tag field.
    await expect(page.getByText("Minimum 3 tags are required")).toHaveCount(2);
    // The hint follows 3 s later, not at once.
    await expect(page.getByText("Hint: tags can be games, cooking, coding")).toHaveCount(0);
    await expect(page.getByText("Hint: tags can be games, cooking, coding")).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("with three tags lands on the profile with the welcome text", async ({ page }) => {
    const firstName = `Ada${uniqueId()}`;
    await fillSignup(page, firstName, ["games", "cooking"]);
    // The tag input also takes Tab, and Backspace on an empty input removes the last tag.
    const input = page.getByPlaceholder("Add a tag");
    await input.fill("chess");
    await input.press("Tab");
    await expect(page.getByRole("button", { name: "Remove chess" })).toBeVisible();
    await input.focus();
    await input.press("Backspace");
    await expect(page.getByRole("button", { name: "Remove chess" })).toHaveCount(0);
    await input.fill("coding");
    await input.press("Enter");
    await expect(page.getByRole("list", { name: "Added tags" }).getByRole("listitem")).toHaveCount(
      3,
    );

    await page.getByRole("button", { name: "Sign up" }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(`Welcome, ${firstName}`)).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue(firstName);
  });

  test("on a phone, wrapped tags keep the tag field inside its box", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await fillSignup(page, `Ada${uniqueId()}`, [
      "TypeScript",
      "Hiking",
      "Board games",
      "Photography",
      "Rock climbing",
    ]);
    const input = page.getByPlaceholder("Add a tag");
    // The three boxes are read together, again until the layout has settled after the last chip.
    await expect(async () => {
      const box = await input.locator("xpath=..").boundingBox();
      const field = await input.boundingBox();
      const hint = await page
        .getByText("Press Enter, Tab or a comma to add each one")
        .boundingBox();
      if (!box || !field || !hint) throw new Error("the tag input is not laid out");
      // The chips take more than one line here, so this only holds if the box grows with them.
      expect(box.height).toBeGreaterThan(2 * field.height);
      expect(field.y + field.height).toBeLessThanOrEqual(box.y + box.height);
      expect(hint.y).toBeGreaterThanOrEqual(box.y + box.height);
    }).toPass({ timeout: 5_000 });
  });

  test("without an email or password asks for all details", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("First name").fill("Grace");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Please enter all details")).toBeVisible();
  });
});

test.describe("the profile", () => {
  test("refuses an invalid gender, then saves a valid one", async ({
    createUser,
    signedInPage,
  }) => {
    const user = await createUser();
    const page = await signedInPage(user);
    await page.goto("/profile");
    await expect(page.getByText(`Welcome, ${user.me.firstName}`)).toBeVisible();

    // A new account has no gender yet, and an empty one is not a valid one.
    await setGender(page, "");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a valid Gender type")).toBeVisible();

    await setGender(page, "female");
    await page.getByLabel("About").fill("Builds analytical engines on weekends.");
    // The live preview follows the form before anything is saved.
    await expect(page.getByText("Builds analytical engines on weekends.").first()).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Profile Saved Successfully")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Gender")).toHaveValue("female");
    await expect(page.getByLabel("About")).toHaveValue("Builds analytical engines on weekends.");
  });
});

test.describe("the public profile link", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("is copied from the menu, and another person connects from it", async ({
    createUser,
    signedInPage,
    browser,
  }) => {
    const owner = await createUser({ about: "Happy to pair on compilers." });
    const visitor = await createUser();

    const ownerPage = await signedInPage(owner);
    await ownerPage.goto("/profile");
    await chooseFromAccountMenu(ownerPage, "Copy Profile URL");

    await expect
      .poll(() => ownerPage.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/\/GetToKnowMe\/[^/]+$/);
    const url = await ownerPage.evaluate(() => navigator.clipboard.readText());
    expect(url).not.toContain(owner.me._id);

    const visitorPage = await signedInPage(visitor);
    await visitorPage.goto(url);
    await expect(visitorPage.getByText("Happy to pair on compilers.")).toBeVisible();
    await expect(visitorPage.getByText(owner.me.firstName).first()).toBeVisible();
    await visitorPage.getByRole("button", { name: "Connect" }).click();
    await expect(visitorPage.getByText("Request Sent", { exact: true })).toBeVisible();

    // Signed out, Connect goes to the login page instead.
    const strangerContext = await browser.newContext({ storageState: undefined });
    const stranger = await strangerContext.newPage();
    await stranger.goto(url);
    await stranger.getByRole("button", { name: "Connect" }).click();
    await expect(stranger).toHaveURL(/\/login\?returnTo=/);
    await strangerContext.close();
  });

  test("of someone unknown leads to the not-found page", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    await page.goto("/GetToKnowMe/no-such-person");
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByText("404 - PAGE NOT FOUND")).toBeVisible();
  });

  test("between a blocked pair leads to the same not-found page, both ways", async ({
    createUser,
    apiAs,
    signedInPage,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    const blocker = await createUser({ about: "Only for people I did not block." });
    const blocked = await createUser({ about: "Blocked, and not to know it." });
    const blockerApi = await apiAs(blocker);
    const linkOf = async (user: TestUser) =>
      (await (await apiAs(user)).get<{ url: string }>("/api/generate_public_url")).url;
    const [blockerLink, blockedLink] = [await linkOf(blocker), await linkOf(blocked)];
    await blockerApi.post(`/api/user/block/${blocked.me._id}`);

    for (const [viewer, link, hidden] of [
      [blocked, blockerLink, blocker],
      [blocker, blockedLink, blocked],
    ] as const) {
      const page = await signedInPage(viewer);
      await page.goto(new URL(link).pathname);
      await expect(page).toHaveURL(/\/not-found$/);
      await expect(page.getByText("404 - PAGE NOT FOUND")).toBeVisible();
      await expect(page.getByText(hidden.me.about as string)).toHaveCount(0);
    }
  });
});

test.describe("signing in and out", () => {
  test("logs in through the form and out from the menu", async ({
    createUser,
    page,
    allowConsoleErrors,
  }) => {
    // The signed-in area asks for the session after logout and gets the 401 it expects.
    allowConsoleErrors(/status of 401/);
    const user = await createUser();

    await page.goto("/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Please enter all details")).toBeVisible();

    await logIn(page, user.emailId);
    await expect(page).toHaveURL(/\/home$/);

    await page.goto("/profile");
    await expect(page.getByText(`Welcome, ${user.me.firstName}`)).toBeVisible();
    await chooseFromAccountMenu(page, "Logout");
    await expect(page).toHaveURL(/\/login$/);

    // The session is gone: the signed-in area sends us back to the login page.
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password shows the server's message", async ({
    createUser,
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 401/);
    const user = await createUser();
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.emailId);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(
      page
        .getByRole("alert")
        .or(page.getByText(/invalid|incorrect/i))
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test("an unknown path shows the not-found page", async ({ page, allowConsoleErrors }) => {
  // The page comes with HTTP 404, which the browser logs for the document itself.
  allowConsoleErrors(/\/no\/such\/page\/\w+: Failed to load resource: .* 404 \(Not Found\)/);
  const response = await page.goto(`/no/such/page/${uniqueId()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops!")).toBeVisible();
  await expect(page.getByText("404 - PAGE NOT FOUND")).toBeVisible();
  await page
    .getByRole("button", { name: "GO TO HOMEPAGE" })
    .or(page.getByRole("link", { name: "GO TO HOMEPAGE" }))
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown API path answers JSON, not the app", async ({ request }) => {
  const response = await request.get("/api/no-such-call");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("application/json");
});
