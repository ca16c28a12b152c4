import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OfflineBanner, offlineText } from "./offline-banner.tsx";

function goOffline(offline: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? "offline" : "online"));
  });
}

describe("OfflineBanner", () => {
  it("says so in a polite live region while the browser is offline, and goes when it is back", () => {
    render(<OfflineBanner />);
    const region = screen.getByRole("status");
    expect(region).toBeEmptyDOMElement();

    goOffline(true);
    expect(region).toHaveTextContent(offlineText());

    goOffline(false);
    expect(region).toBeEmptyDOMElement();
  });
});
