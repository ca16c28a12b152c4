import { expect, inApp, test, uniqueId } from "../fixtures.ts";

test("the top bar's search forgives a typo, groups what it finds, and opens it from the keyboard", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  await createUser({ firstName: "John", lastName: `Okafor${id}` });
  const page = await signedInPage(await createUser());
  await inApp(page);

  const box = page.getByRole("combobox", { name: "Search Kindred" });
  await box.fill(`Jonh Okafor${id}`);
  const list = page.getByRole("listbox", { name: "Search results" });
  const people = list.getByRole("group", { name: "People" });
  await expect(people.getByRole("option", { name: new RegExp(`John Okafor${id}`) })).toBeVisible();

  await box.press("ArrowDown");
  await expect(people.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/GetToKnowMe\//);
  await expect(page.getByText(`John Okafor${id}`).first()).toBeVisible();
});

test("on a phone the search page finds people by a misspelt skill, and never someone blocked", async ({
  createUser,
  signedInPage,
  apiAs,
}) => {
  const id = uniqueId();
  const skill = `Python${id}`;
  await createUser({ firstName: `Ada${id}`, skills: [skill, "chess", "go"] });
  const bo = await createUser({ firstName: `Bo${id}`, skills: [skill, "tennis", "golf"] });
  const viewer = await createUser();
  await (await apiAs(bo)).post(`/api/user/block/${viewer.me._id}`);

  const page = await signedInPage(viewer);
  await page.setViewportSize({ width: 390, height: 844 });
  await inApp(page);
  await page.getByRole("link", { name: "Search" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search Kindred" }).fill(`Pyhton${id}`);
  const people = page.getByRole("region", { name: "People" });
  await expect(people.getByRole("link", { name: new RegExp(`Ada${id}`) })).toBeVisible();
  await expect(people.getByRole("link", { name: new RegExp(`Bo${id}`) })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`q=Pyhton${id}`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
