import type { BrowserContext, Page } from "@playwright/test";
import { ApiSession, expect, test, watchContext } from "../fixtures.ts";
import { type FreshServer, startFreshServer } from "../fresh-server.ts";

// WebAuthn refuses an IP address as the relying party, and the run's server is reached at
// 127.0.0.1: this spec starts the built server of its own at http://localhost:PORT, with
// PUBLIC_ORIGIN set to it, as a deployment names its host.

let fresh: FreshServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fresh = await startFreshServer({ hostname: "localhost" });
});

test.afterAll(async () => {
  await fresh?.stop();
});

/** Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) on this page. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Open account menu" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Logout" }).click();
}

/**
 * Chromium's virtual authenticator answers the login page's autofill request (conditional UI) by
 * itself, as a person picking the passkey under the email field would. To press the button
 * instead, the page is told the browser has no such autofill, before its scripts run.
 */
const NO_AUTOFILL_KEY = "e2e-no-passkey-autofill";
const hideAutofill = `if (location.protocol === "http:" && localStorage.getItem(${JSON.stringify(NO_AUTOFILL_KEY)})) {
  PublicKeyCredential.isConditionalMediationAvailable = async () => false;
}`;

test("passkeys: add one in settings, sign in with it alone, remove it and it signs in no more", async ({
  browser,
  allowConsoleErrors,
  consoleProblems,
}) => {
  // The removed passkey's sign-in answers 401, and the signed-out app asks for a session.
  allowConsoleErrors(/status of 401/);
  const session = await ApiSession.open(fresh.baseURL);
  const person = await session.signUp();
  await session.dispose();
  const context = await browser.newContext({
    baseURL: fresh.baseURL,
    storageState: person.storageState,
  });
  watchContext(context, consoleProblems);
  await context.addInitScript({ content: hideAutofill });
  try {
    const page = await context.newPage();
    const authenticator = await addVirtualAuthenticator(context, page);

    // Settings → Passkeys: the password first, then the browser makes the key.
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await section.getByLabel("Current password").fill(person.password);
    await section.getByRole("button", { name: "Continue" }).click();
    const rows = section.getByTestId("passkey");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Not used yet");
    expect(await authenticator.credentials()).toHaveLength(1);

    // Signed out, the passkey alone signs in, no email or password typed: from the email
    // field's autofill...
    await logOut(page);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/settings");
    await expect(section.getByTestId("passkey").first()).toContainText("Last used");

    // ...and from the button.
    await page.evaluate((key) => localStorage.setItem(key, "1"), NO_AUTOFILL_KEY);
    await page.reload();
    await logOut(page);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/settings");

    // Renamed, then removed: the same authenticator's sign-in is refused.
    await section.getByRole("button", { name: /^Rename / }).click();
    await section.getByLabel(/^New name for /).fill("My laptop");
    await section.getByRole("button", { name: "Save" }).click();
    await expect(rows.first()).toContainText("My laptop");
    await section.getByRole("button", { name: "Remove My laptop" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove passkey" }).click();
    await expect(section.getByText("You have no passkeys yet.")).toBeVisible();

    await logOut(page);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(
      page.getByText("This passkey is not on any Kindred account. Sign in with your password."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await context.close();
  }
});
