import type { Locator, Page } from "@playwright/test";
import {
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

test("a person passed by mistake comes back to Discover from Settings → Passed", async ({
  createUser,
  signedInPage,
  apiAs,
}) => {
  const id = uniqueId();
  const skills = uniqueSkills(id, "weaving", "kayaking", "falconry");
  const me = await createUser({ firstName: `Mia${id}`, skills });
  const dan = await createUser({ firstName: `Dan${id}`, skills });
  const eve = await createUser({ firstName: `Eve${id}`, skills });
  // A request of mine still waiting for Eve's answer.
  await (await apiAs(me)).sendRequest("interested", eve.me);

  const page = await signedInPage(me);
  await inApp(page);
  const danCard = card(page, dan);
  await expect(danCard).toBeVisible();
  const sent = page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      r.url().includes(`/api/request/send/ignored/${dan.me._id}`),
  );
  await page.keyboard.press("ArrowLeft");
  await expect(danCard).toHaveCount(0);
  expect((await sent).status()).toBe(201);

  // Settings → Passed, in the same app (no reload): Undo.
  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  const passed = page.getByRole("region", { name: "Passed" });
  const people = passed.getByRole("list", { name: "People you passed" });
  await expect(people.getByText(fullName(dan))).toBeVisible();
  const waiting = passed.getByRole("list", { name: "Requests waiting for an answer" });
  await expect(waiting.getByText(fullName(eve))).toBeVisible();
  await people.getByRole("button", { name: `Undo passing ${fullName(dan)}` }).click();
  await expect(page.getByText(`${fullName(dan)} is back in Discover.`)).toBeVisible();
  await expect(passed.getByText(/You haven't passed anyone\./)).toBeVisible();

  // Withdraw: Eve no longer has the request.
  await waiting.getByRole("button", { name: `Withdraw request to ${fullName(eve)}` }).click();
  await expect(passed.getByText(/No requests waiting\./)).toBeVisible();
  await expect
    .poll(
      async () => (await (await apiAs(eve)).get<unknown[]>("/api/user/requests/received")).length,
    )
    .toBe(0);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Discover" })
    .click();
  // Both are back in the deck: Eve (the newer account) on top, then Dan.
  await expect(card(page, eve)).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(card(page, dan)).toBeVisible();
});
