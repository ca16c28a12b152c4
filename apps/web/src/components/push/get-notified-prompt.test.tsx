import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PUSH_MESSAGES } from "@/config/copy.ts";
import { STORAGE_KEYS } from "@/config/ui.ts";
import { currentPlayerId } from "@/lib/push.ts";
import { installPushBrowser, removePushBrowser, VAPID_KEY } from "@/test/fake-push.ts";
import { mockFetch, ok, setXsrfCookie } from "@/test/render.tsx";
import { GetNotifiedPrompt } from "./get-notified-prompt.tsx";

const title = { name: PUSH_MESSAGES.promptTitle };

function pushServer() {
  setXsrfCookie();
  return mockFetch((call) => {
    if (call.path === "/push/key") return ok({ publicKey: VAPID_KEY });
    if (call.path === "/push/subscriptions") return ok({ _id: "sub-9" }, 201);
    return undefined;
  });
}

afterEach(removePushBrowser);

describe("GetNotifiedPrompt", () => {
  it("is not shown before a request is sent, and never asks for permission on its own", () => {
    const browser = installPushBrowser();
    render(<GetNotifiedPrompt requestSent={false} />);
    expect(screen.queryByRole("region", title)).not.toBeInTheDocument();
    expect(browser.prompts).toBe(0);
  });

  it("appears once a request is sent, with why and the two choices", () => {
    const browser = installPushBrowser();
    const { rerender } = render(<GetNotifiedPrompt requestSent={false} />);
    rerender(<GetNotifiedPrompt requestSent />);
    expect(screen.getByRole("region", title)).toHaveTextContent(PUSH_MESSAGES.promptBody);
    expect(screen.getByRole("button", { name: "Turn on" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Not now" })).toBeInTheDocument();
    expect(browser.prompts).toBe(0);
  });

  it("turns push on from Turn on and goes away", async () => {
    const browser = installPushBrowser({ answer: "granted" });
    const calls = pushServer();
    render(<GetNotifiedPrompt requestSent />);
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(screen.queryByRole("region", title)).not.toBeInTheDocument());
    expect(browser.prompts).toBe(1);
    expect(
      calls.some((call) => call.method === "POST" && call.path === "/push/subscriptions"),
    ).toBe(true);
    expect(currentPlayerId()).toBe("sub-9");
  });

  it("keeps the card with a message when turning on fails", async () => {
    installPushBrowser({ answer: "granted" });
    setXsrfCookie();
    mockFetch(() => undefined);
    render(<GetNotifiedPrompt requestSent />);
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PUSH_MESSAGES.turnOnFailed);
    expect(screen.getByRole("region", title)).toBeInTheDocument();
  });

  it("goes away on Not now and is not offered again on this device", async () => {
    installPushBrowser();
    const first = render(<GetNotifiedPrompt requestSent />);
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByRole("region", title)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.pushPromptDismissed)).not.toBeNull();
    first.unmount();

    render(<GetNotifiedPrompt requestSent />);
    expect(screen.queryByRole("region", title)).not.toBeInTheDocument();
  });

  it("is not shown once notifications are allowed or blocked, or where push is unsupported", () => {
    for (const permission of ["granted", "denied"] as const) {
      installPushBrowser({ permission });
      const view = render(<GetNotifiedPrompt requestSent />);
      expect(screen.queryByRole("region", title)).not.toBeInTheDocument();
      view.unmount();
    }
    removePushBrowser();
    Reflect.deleteProperty(globalThis, "Notification");
    render(<GetNotifiedPrompt requestSent />);
    expect(screen.queryByRole("region", title)).not.toBeInTheDocument();
  });
});
