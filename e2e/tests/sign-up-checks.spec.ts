import { expect, fillSignup, test, uniqueId } from "../fixtures.ts";

test.describe("sign-up's robot check and password meter", () => {
  test("the robot check solves in the page under the Content-Security-Policy, and the sign-up goes through", async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await fillSignup(page, `Ada${uniqueId()}`, ["games", "cooking", "coding"]);
    // Filling the form started the proof of work; the widget's checkbox says when it is done.
    await expect(page.locator("altcha-widget [data-state]").first()).toHaveAttribute(
      "data-state",
      "verified",
    );
    await expect(page.getByRole("checkbox", { name: "Verified" })).toBeChecked();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect(refused).toEqual([]);
  });

  test("a form sent before the check finished waits for it instead of failing", async ({
    page,
  }) => {
    await fillSignup(page, `Bo${uniqueId()}`, ["games", "cooking", "coding"]);
    // Before it solves, the widget names itself to assistive technology.
    await expect(
      page.getByRole("checkbox", { name: /I'm not a robot|Verifying|Verified/ }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("a weak password shows the meter's reason, and the server refuses it in the same words", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/);
    await fillSignup(page, `Cy${uniqueId()}`, ["games", "cooking", "coding"]);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("password123");
    await expect(page.getByText("Password strength: Very weak.")).toBeVisible();
    await expect(page.getByText("This is a commonly used password.")).toBeVisible();
    await page.getByRole("button", { name: "Sign up" }).click();
    // Under the field, from the server's answer.
    await expect(page.getByText("This is a commonly used password.")).toHaveCount(2);
    await expect(page).toHaveURL(/\/signup$/);

    await password.fill("violet kettle mornings");
    await expect(page.getByText("Password strength: Very strong.")).toBeVisible();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});
