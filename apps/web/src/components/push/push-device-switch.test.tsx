import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PUSH_MESSAGES } from "@/config/copy.ts";
import { currentPlayerId } from "@/lib/push.ts";
import { installPushBrowser, removePushBrowser, VAPID_KEY } from "@/test/fake-push.ts";
import { mockFetch, ok, setXsrfCookie } from "@/test/render.tsx";
import { PushDeviceSwitch } from "./push-device-switch.tsx";

const label = { name: PUSH_MESSAGES.switchLabel };

afterEach(removePushBrowser);

describe("PushDeviceSwitch", () => {
  it("turns push on and off for this device", async () => {
    installPushBrowser({ answer: "granted" });
    setXsrfCookie();
    const calls = mockFetch((call) => {
      if (call.path === "/push/key") return ok({ publicKey: VAPID_KEY });
      if (call.path === "/push/subscriptions") return ok({ _id: "sub-3" }, 201);
      if (call.method === "DELETE" && call.path === "/push/subscriptions/sub-3") return ok(null);
      return undefined;
    });
    render(<PushDeviceSwitch />);
    const toggle = await screen.findByRole("switch", label);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(currentPlayerId()).toBe("sub-3");

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.some((call) => call.method === "DELETE")).toBe(true);
    expect(currentPlayerId()).toBeNull();
  });

  it("says when the prompt was closed without allowing", async () => {
    installPushBrowser({ answer: "default" });
    render(<PushDeviceSwitch />);
    const toggle = await screen.findByRole("switch", label);
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole("alert")).toHaveTextContent(PUSH_MESSAGES.promptClosed);
    expect(toggle).not.toBeChecked();
  });

  it("is off and explains how to allow notifications when they are blocked", async () => {
    installPushBrowser({ permission: "denied" });
    render(<PushDeviceSwitch />);
    const toggle = await screen.findByRole("switch", label);
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(PUSH_MESSAGES.denied));
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
  });

  it("is off and says why in a browser without push", async () => {
    render(<PushDeviceSwitch />);
    const toggle = await screen.findByRole("switch", label);
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(PUSH_MESSAGES.unsupported));
    expect(toggle).toBeDisabled();
  });
});
