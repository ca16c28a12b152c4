import type { AccountSettings } from "@kindred/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithQueryClient } from "@/test/query-client.tsx";
import { type FetchCall, mockFetch, ok, setXsrfCookie } from "@/test/render.tsx";
import { TimeZoneSection } from "./time-zone-section.tsx";

let calls: FetchCall[];
function serveSettings(stored: AccountSettings) {
  calls = mockFetch((call) => {
    if (call.path !== "/account/settings") return undefined;
    if (call.method === "PUT") Object.assign(stored, call.body);
    return ok({ ...stored });
  });
}

beforeEach(() => setXsrfCookie());

describe("Settings: Time zone", () => {
  it("shows the zone the picks keep and saves another one chosen", async () => {
    serveSettings({ readReceipts: true, timeZone: "Europe/Madrid", locale: null });
    renderWithQueryClient(<TimeZoneSection />);
    const region = screen.getByRole("region", { name: "Time zone" });
    expect(region).toHaveTextContent("Your daily picks arrive at 9:00 in this time zone.");
    const select = screen.getByRole("combobox", { name: "Time zone" });
    await waitFor(() => expect(select).toHaveValue("Europe/Madrid"));
    // Underscores read as spaces; the value stays the zone's name.
    expect(screen.getByRole("option", { name: "America/New York" })).toHaveValue(
      "America/New_York",
    );

    await userEvent.selectOptions(select, "America/New_York");
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "PUT", body: { timeZone: "America/New_York" } }),
      ),
    );
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue("America/New_York");
  });

  it("says when no zone is set yet", async () => {
    serveSettings({ readReceipts: true, timeZone: null, locale: null });
    renderWithQueryClient(<TimeZoneSection />);
    const select = screen.getByRole("combobox", { name: "Time zone" });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveDisplayValue("Not set yet (UTC)");
  });
});
