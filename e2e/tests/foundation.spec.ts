import type { Page } from "@playwright/test";
import {
  connectByApi,
  expect,
  fullName,
  logIn,
  test,
  uniqueId,
  uniqueSkills,
} from "../fixtures.ts";

async function publicProfileUrl(api: { get: <T>(url: string) => Promise<T> }): Promise<string> {
  const { url } = await api.get<{ url: string }>("/api/generate_public_url");
  return new URL(url).pathname;
}

test.describe("theme", () => {
  test("a dark-theme reload is dark from its first frame", async ({ page }) => {
    // Records the theme when the page body first exists and at the first animation frame,
    // before the app's own script has run.
    await page.addInitScript(() => {
      const seen: { atBody?: string | null; firstFrame?: string | null; firstFrameBg?: string } =
        {};
      (window as unknown as { __themeSeen: typeof seen }).__themeSeen = seen;
      const theme = () => document.documentElement?.getAttribute("data-theme") ?? null;
      new MutationObserver((_, observer) => {
        if (document.body && seen.atBody === undefined) {
          seen.atBody = theme();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
      requestAnimationFrame(() => {
        seen.firstFrame = theme();
        seen.firstFrameBg = getComputedStyle(
          document.body ?? document.documentElement,
        ).backgroundColor;
      });
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    await page.reload();
    const seen = await page.evaluate(
      () => (window as unknown as { __themeSeen: Record<string, string> }).__themeSeen,
    );
    expect(seen.atBody).toBe("dark");
    expect(seen.firstFrame).toBe("dark");
    // daisyUI's dark base colour, not white.
    expect(seen.firstFrameBg).not.toBe("rgb(255, 255, 255)");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  });
});

test.describe("people without a photo", () => {
  test("show the generated avatar on the feed card, in the header and in the live preview", async ({
    createUser,
    signedInPage,
  }) => {
    // A pasted photo address is copied by the server or refused, so no photo is ever broken.
    const id = uniqueId();
    const lena = await createUser({
      firstName: `Lena${id}`,
      skills: uniqueSkills(id, "chess", "rust", "tea"),
    });
    const viewer = await createUser({
      firstName: `View${id}`,
      skills: uniqueSkills(id, "chess", "rust", "go"),
    });
    const page = await signedInPage(viewer);

    await page.goto("/home");
    const cardPhoto = page.getByTestId("top-card").getByRole("img", { name: fullName(lena) });
    await expect(cardPhoto).toHaveAttribute("src", `/api/avatars/${lena.me._id}.svg`);
    await expect
      .poll(() => cardPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    const menuPhoto = page
      .getByRole("button", { name: "Open account menu" })
      .getByRole("img", { name: fullName(viewer) });
    await expect(menuPhoto).toHaveAttribute("src", `/api/avatars/${viewer.me._id}.svg`);

    await page.goto("/profile");
    const preview = page.getByRole("complementary", { name: "Live preview" });
    await expect(preview.getByRole("img", { name: fullName(viewer) })).toHaveAttribute(
      "src",
      `/api/avatars/${viewer.me._id}.svg`,
    );
  });
});

test.describe("public profile", () => {
  test("a visitor sees the site's bar, connects after logging in, and the button follows the relationship", async ({
    createUser,
    apiAs,
    page,
  }) => {
    const id = uniqueId();
    const owner = await createUser({ firstName: `Owner${id}` });
    const visitor = await createUser({ firstName: `Visitor${id}` });
    const path = await publicProfileUrl(await apiAs(owner));

    // A visitor: the top bar offers Login and Signup, the footer is there, no call fails.
    await page.goto(path);
    await expect(page.getByRole("heading", { name: owner.me.firstName })).toBeVisible();
    await expect(page).toHaveTitle(`${fullName(owner)} · Kindred`);
    const topBar = page.getByRole("navigation", { name: "Main" });
    await expect(topBar.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(topBar.getByRole("link", { name: "Signup" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();

    await page.getByRole("button", { name: "Connect" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    await logIn(page, visitor.emailId);

    // Back on the profile, now signed in: Connect sends once, then says so.
    await expect(page).toHaveURL(path);
    const connect = page.getByRole("button", { name: "Connect" });
    await expect(connect).toBeEnabled();
    await connect.click();
    await expect(page.getByText("Request Sent", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Request sent" })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole("button", { name: "Request sent" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Connect" })).toHaveCount(0);

    // The owner accepts: the visitor's button now reads Connected.
    const ownerApi = await apiAs(owner);
    const [request] = await ownerApi.get<{ _id: string }[]>("/api/user/requests/received");
    await ownerApi.post(`/api/request/review/accepted/${request?._id}`);
    await page.reload();
    await expect(page.getByRole("button", { name: "Connected" })).toBeDisabled();
  });

  test("a connection's card opens their public profile", async ({
    createUser,
    apiAs,
    signedInPage,
  }) => {
    const id = uniqueId();
    const me = await createUser({ firstName: `Me${id}` });
    const friend = await createUser({ firstName: `Friend${id}` });
    await connectByApi(await apiAs(me), await apiAs(friend), friend);

    const page = await signedInPage(me);
    await page.goto("/connections");
    await expect(page).toHaveTitle("Connections · Kindred");
    await page.getByRole("link", { name: `Open the profile of ${fullName(friend)}` }).click();
    await expect(page).toHaveURL(/\/GetToKnowMe\//);
    await expect(page.getByRole("heading", { name: friend.me.firstName })).toBeVisible();
    await expect(page.getByRole("button", { name: "Connected" })).toBeDisabled();
  });
});

test.describe("signed-in users", () => {
  test("who open /login or /signup go to Discover", async ({ createUser, signedInPage }) => {
    const page = await signedInPage(await createUser());
    await page.goto("/home");
    // The heading, not the title: the route sets its title before the session check answers.
    await expect(page.getByRole("heading", { name: "Discover People" })).toBeVisible();
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole("heading", { name: "Discover People" })).toBeVisible();
    }
  });

  test("can undo the last swipe: the request is gone and the card is back on top", async ({
    createUser,
    apiAs,
    signedInPage,
  }) => {
    const id = uniqueId();
    const me = await createUser({
      firstName: `Undo${id}`,
      skills: uniqueSkills(id, "a", "b", "c"),
    });
    const first = await createUser({
      firstName: `First${id}`,
      skills: uniqueSkills(id, "a", "b", "c"),
    });
    const page = await signedInPage(me);
    await page.goto("/home");
    const top = page.getByTestId("top-card").getByRole("article");
    await expect(top).toHaveAccessibleName(fullName(first));

    const sent = page.waitForResponse(
      (r) =>
        r.request().method() === "POST" && r.url().includes(`/send/interested/${first.me._id}`),
    );
    await page.getByRole("button", { name: "Interested", exact: true }).click();
    await sent;
    await expect(top).not.toHaveAccessibleName(fullName(first));
    expect(await (await apiAs(first)).get<unknown[]>("/api/user/requests/received")).toHaveLength(
      1,
    );

    const undone = page.waitForResponse((r) => r.request().method() === "DELETE");
    await page.getByRole("button", { name: "Undo" }).click();
    expect((await undone).status()).toBe(200);
    await expect(top).toHaveAccessibleName(fullName(first));
    await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);
    expect(await (await apiAs(first)).get<unknown[]>("/api/user/requests/received")).toEqual([]);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function phonePage(page: Page) {
    await page.setViewportSize({ width: 390, height: 844 });
    return page;
  }

  test("the tab bar reaches Discover, Connections and Requests in one tap and counts pending requests; rows are compact and Accept cannot fire twice", async ({
    createUser,
    apiAs,
    signedInPage,
  }) => {
    const id = uniqueId();
    const me = await createUser({ firstName: `Phone${id}` });
    const fans = [
      await createUser({ firstName: `FanA${id}` }),
      await createUser({ firstName: `FanB${id}` }),
    ];
    for (const fan of fans) await (await apiAs(fan)).sendRequest("interested", me.me);

    const page = await phonePage(await signedInPage(me));
    await page.goto("/home");
    const tabs = page.getByRole("navigation", { name: "Sections" });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Requests (2 pending)" })).toBeVisible();

    await tabs.getByRole("link", { name: "Connections" }).click();
    await expect(page).toHaveURL(/\/connections$/);
    await tabs.getByRole("link", { name: /^Requests/ }).click();
    await expect(page).toHaveURL(/\/requests$/);

    const rows = page.getByRole("article");
    await expect(rows).toHaveCount(2);
    const box = await rows.first().boundingBox();
    expect(box?.height).toBeLessThan(120);

    const reviews: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/request/review/")) reviews.push(request.url());
    });
    await rows.first().getByRole("button", { name: "Accept" }).dblclick();
    await expect(rows).toHaveCount(1);
    await page.waitForTimeout(1000);
    expect(reviews).toHaveLength(1);
    await expect(rows).toHaveCount(1);
    await expect(tabs.getByRole("link", { name: "Requests (1 pending)" })).toBeVisible();

    await tabs.getByRole("link", { name: "Discover" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});
