import type { WebSocket } from "@playwright/test";
import { expect, inApp, logIn, test } from "../fixtures.ts";

// Settings → Devices: every session of the account, and signing one out ends it at once.

test("the devices page lists two sessions from two browser contexts; signing one out ends it there at once", async ({
  browser,
  createUser,
  signedInPage,
}) => {
  const user = await createUser();
  // A: the session of the sign-up.
  const pageA = await signedInPage(user);

  // B: another browser, signed in through the login page, with its chat socket open.
  const contextB = await browser.newContext();
  try {
    const pageB = await contextB.newPage();
    const socketB = pageB.waitForEvent("websocket", (ws) => ws.url().includes("/api/chat/socket"));
    await pageB.goto("/login");
    await logIn(pageB, user.emailId, user.password);
    await expect(pageB.getByRole("heading", { name: "Discover People" })).toBeVisible();
    const ws: WebSocket = await socketB;
    const closed = ws.isClosed() ? Promise.resolve() : ws.waitForEvent("close");

    await inApp(pageA);
    await pageA.goto("/settings#devices");
    const devices = pageA.getByRole("list", { name: "Devices" });
    await expect(devices.getByRole("listitem")).toHaveCount(2);
    const here = devices.getByRole("listitem").filter({ hasText: "This device" });
    await expect(here).toHaveCount(1);
    const other = devices.getByRole("listitem").filter({ hasNotText: "This device" });
    await expect(other).toContainText(/Chrome/);
    await expect(other).toContainText("Last active");

    await other.getByRole("button", { name: /^Sign out / }).click();
    await expect(devices.getByRole("listitem")).toHaveCount(1);

    // There, at once: the socket closes and the next call answers 401.
    await closed;
    const answer = await pageB.request.get("/api/account/sessions");
    expect(answer.status()).toBe(401);
  } finally {
    await contextB.close();
  }
});
