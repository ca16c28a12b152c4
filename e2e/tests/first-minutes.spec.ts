import type { Locator } from "@playwright/test";
import { expect, fillSignup, logIn, test, uniqueId, uniqueSkills } from "../fixtures.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
}

test.describe("landing in the app", () => {
  test("logging in lands on Discover with the app's navigation", async ({ createUser, page }) => {
    const user = await createUser();
    await page.goto("/login");
    await logIn(page, user.emailId);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: "Discover People" })).toBeVisible();
    await expect(page.getByRole("banner").getByText(`Welcome, ${user.me.firstName}`)).toBeVisible();
  });

  test("logging in from a link with returnTo goes back there", async ({ createUser, page }) => {
    const user = await createUser();
    await page.goto(`/login?returnTo=${encodeURIComponent("/connections")}`);
    await logIn(page, user.emailId);
    await expect(page).toHaveURL(/\/connections$/);
  });

  test("the landing page's Get Started takes a visitor to Signup", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("button", { name: "Sign up" })).toBeVisible();
  });
});

test.describe("the first profile save", () => {
  test("without a gender, the gender field says so, takes the focus and offers the choices", async ({
    createUser,
    signedInPage,
  }) => {
    const page = await signedInPage(await createUser());
    await page.goto("/profile");
    const gender = page.getByLabel("Gender");
    await expect(gender.locator("option")).toHaveText(["Choose…", "male", "female", "other"]);
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page.getByText("Enter a valid Gender type")).toBeVisible();
    await expect(gender).toBeFocused();
    await expect(gender).toHaveAttribute("aria-invalid", "true");
    await expect(gender).toHaveAccessibleDescription("Gender must be male, female or other");

    await gender.selectOption("female");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Profile Saved Successfully")).toBeVisible();
    await expect(gender).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("the tag field", () => {
  test("too few tags is said at the field as well as in the toast", async ({ page }) => {
    await fillSignup(page, `Ada${uniqueId()}`, ["games"], `ada.${uniqueId()}@example.com`);
    const input = page.getByPlaceholder("Add a tag");
    await page.getByRole("button", { name: "Sign up" }).click();

    // Once in the toast and once at the field.
    await expect(page.getByText("Minimum 3 tags are required")).toHaveCount(2);
    await expect(input).toHaveAccessibleDescription(/Minimum 3 tags are required/);
    await expect(input).toHaveAttribute("aria-invalid", "true");
  });

  test("a comma ends a tag, and a skill over the limit is refused with a message", async ({
    page,
  }) => {
    await page.goto("/signup");
    const input = page.getByPlaceholder("Add a tag");
    const added = page.getByRole("list", { name: "Added tags" }).getByRole("listitem");

    await input.pressSequentially("chess,cooking,");
    await expect(added).toHaveText(["chess", "cooking"]);
    await expect(input).toHaveValue("");

    const long = "x".repeat(31);
    await input.fill(long);
    await input.press("Enter");
    await expect(input).toHaveAccessibleDescription(/Each skill must be at most 30 characters/);
    await expect(added).toHaveCount(2);
    // The text stays, whole, for the person to shorten.
    await expect(input).toHaveValue(long);
  });
});

test("the tag field suggests a skill under another of its names, with how many people have it", async ({
  page,
  createUser,
}) => {
  await createUser({ skills: ["JS", "chess", "go"] });
  await page.goto("/signup");
  const input = page.getByRole("combobox", { name: /Skills/ });
  await input.pressSequentially("javascr");
  const suggestion = page
    .getByRole("listbox", { name: "Suggested skills" })
    .getByRole("option", { name: /^JavaScript \d+ (person|people)$/ });
  await expect(suggestion).toBeVisible();
  // Other tests' people bring skills of their own to the list (juggling-…, under "j"): step down
  // to JavaScript as a person would, then take it.
  for (let step = 0; step < 10; step++) {
    if ((await suggestion.getAttribute("aria-selected")) === "true") break;
    await input.press("ArrowDown");
  }
  await expect(suggestion).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(page.getByRole("list", { name: "Added tags" }).getByRole("listitem")).toHaveText([
    "JavaScript",
  ]);
});

test.describe("layouts", () => {
  test("on a phone, the live preview is one tap away at the top of the profile form", async ({
    createUser,
    signedInPage,
  }) => {
    const user = await createUser();
    const page = await signedInPage(user);
    await page.setViewportSize(PHONE);
    await page.goto("/profile");
    const previewTab = page.getByRole("tab", { name: "Preview" });
    await expect(previewTab).toBeInViewport();
    await previewTab.click();
    const preview = page.getByRole("complementary", { name: "Live preview" });
    await expect(preview.getByText(user.me.firstName).first()).toBeInViewport();

    await page.getByRole("tab", { name: "Edit" }).click();
    await page.getByLabel("First name").fill("Zora");
    await previewTab.click();
    await expect(preview.getByText("Zora").first()).toBeInViewport();
  });

  test("on a phone, Ignore and Interested sit above the tab bar", async ({
    createUser,
    signedInPage,
  }) => {
    const id = uniqueId();
    const viewer = await createUser({ skills: uniqueSkills(id, "chess", "rust", "hiking") });
    await createUser({ skills: uniqueSkills(id, "chess", "rust", "hiking") });
    const page = await signedInPage(viewer);
    await page.setViewportSize(PHONE);
    await page.goto("/home");
    const tabBar = page.getByRole("navigation", { name: "Sections" });
    const ignore = page.getByRole("button", { name: "Ignore", exact: true });
    const interested = page.getByRole("button", { name: "Interested", exact: true });
    await expect(ignore).toBeEnabled();
    const barTop = (await box(tabBar)).y;
    // Each button with the word under it: both stay clear of the bar.
    for (const button of [ignore, interested]) {
      const { y, height } = await box(button.locator(".."));
      expect(y + height).toBeLessThanOrEqual(barTop);
    }
  });

  test("at 1280 × 800, Undo and the keyboard hint are in view without scrolling", async ({
    createUser,
    signedInPage,
  }) => {
    const id = uniqueId();
    const viewer = await createUser({ skills: uniqueSkills(id, "chess", "rust", "hiking") });
    await createUser({ skills: uniqueSkills(id, "chess", "rust", "hiking") });
    await createUser({ skills: uniqueSkills(id, "chess", "rust", "hiking") });
    const page = await signedInPage(viewer);
    await page.setViewportSize(DESKTOP);
    await page.goto("/home");
    await page.getByRole("button", { name: "Ignore", exact: true }).click();
    const undo = page.getByRole("button", { name: "Undo" });
    await expect(undo).toBeEnabled();
    await expect(undo).toBeInViewport({ ratio: 1 });
    await expect(page.getByText(/arrow keys/)).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("after saving, the top bar shows the new name at once", async ({
  createUser,
  signedInPage,
}) => {
  const page = await signedInPage(await createUser({ gender: "female" }));
  await page.goto("/profile");
  const firstName = `Nia${uniqueId()}`;
  await page.getByLabel("First name").fill(firstName);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile Saved Successfully")).toBeVisible();
  const banner = page.getByRole("banner");
  await expect(banner.getByText(`Welcome, ${firstName}`)).toBeVisible();
  await expect(banner.getByRole("button", { name: "Open account menu" })).toContainText(
    firstName.charAt(0),
  );
});
