import { expect, fillSignup, mailsTo, test, uniqueId, verificationCode } from "../fixtures.ts";

test.describe("verifying the email", () => {
  test("a new sign-up sees the banner, is refused a request, and the mailed code verifies", async ({
    page,
    createUser,
    allowConsoleErrors,
  }) => {
    // The wrong code's 400, as the browser logs it.
    allowConsoleErrors(/status of 400/);
    const other = await createUser();
    const email = `ada.${uniqueId()}@example.com`;
    await fillSignup(page, `Ada${uniqueId()}`, ["games", "cooking", "coding"], email);
    await page.getByLabel("Age").fill("30");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const banner = page.getByRole("region", { name: "Verify your email" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(email);

    // A request to someone else is refused until then, with the sentence that says what to do.
    const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value;
    const refused = await page.request.post(`/api/request/send/interested/${other.me._id}`, {
      headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf ?? "") },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe("EMAIL_UNVERIFIED");

    await banner.getByLabel("Verification code").fill("000000");
    await banner.getByRole("button", { name: "Verify" }).click();
    await expect(banner.getByRole("alert")).toBeVisible();

    await banner.getByLabel("Verification code").fill(await verificationCode(email));
    await banner.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Your email is verified.")).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test("the mail's link verifies signed out, once", async ({
    page,
    createUser,
    allowConsoleErrors,
  }) => {
    // The spent link's 400, as the browser logs it.
    allowConsoleErrors(/status of 400/);
    const person = await createUser({ verified: false });
    const [mail] = await mailsTo(person.emailId);
    const link = /https?:\/\/\S+\/verify-email\?token=[\w%-]+/.exec(mail?.text ?? "")?.[0];
    expect(link, "the mail carries the link").toBeTruthy();
    const path = new URL(link as string).pathname + new URL(link as string).search;

    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await expect(page.getByText("Your email is verified.")).toBeVisible();

    await page.goto(path);
    await expect(page.getByRole("alert")).toContainText("wrong, expired or already used");
  });
});
