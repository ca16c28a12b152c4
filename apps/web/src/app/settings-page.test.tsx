import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { allOn } from "@/test/notification-fixtures.ts";
import {
  deferred,
  type FetchCall,
  failure,
  firstLoad,
  mockFetch,
  ok,
  type Reply,
  rememberSignedIn,
  renderApp,
  setXsrfCookie,
  signedInReads,
} from "@/test/render.tsx";

let calls: FetchCall[];

function serve(onPut: (call: FetchCall) => Reply | Promise<Reply>) {
  calls = mockFetch((call) => {
    const signedIn = signedInReads(call);
    if (signedIn) return signedIn;
    if (call.path === "/notifications/settings" && call.method === "GET") {
      return ok({ ...allOn(), message: { push: true, email: false } });
    }
    if (call.path === "/notifications/settings" && call.method === "PUT") return onPut(call);
    return undefined;
  });
}

beforeEach(() => {
  setXsrfCookie();
  rememberSignedIn();
});

async function notificationsSection() {
  return screen.findByRole("region", { name: "Notifications" }, firstLoad);
}

describe("SettingsPage", () => {
  it("shows a push and an email switch per kind, named for screen readers, community apart", async () => {
    serve(() => ok(allOn()));
    renderApp("/settings");
    const section = await notificationsSection();
    expect(
      await within(section).findByRole("switch", { name: "New connection requests by push" }),
    ).toBeChecked();
    expect(
      within(section).getByRole("switch", { name: "Chat messages by email" }),
    ).not.toBeChecked();
    // Two switches for each of the 12 kinds a person chooses for: every kind but moderation.
    expect(within(section).getAllByRole("switch", { name: / by (push|email)$/ })).toHaveLength(24);
    expect(
      within(section).getByRole("switch", { name: "Daily picks by push" }),
    ).toBeInTheDocument();
    // Moderation notices have no switch: the section says they always arrive.
    expect(within(section).queryByRole("switch", { name: /moderat/i })).not.toBeInTheDocument();
    expect(
      within(section).getByText(
        "Notices from our moderators about your account are always sent: here, by push and by email.",
      ),
    ).toBeInTheDocument();
    // This device's push comes first.
    expect(within(section).getAllByRole("switch")[0]).toHaveAccessibleName(
      "Push notifications on this device",
    );
    const community = within(section).getByRole("region", { name: "Community" });
    expect(
      within(community).getByRole("switch", { name: "Event reminders by push" }),
    ).toBeChecked();
    expect(
      within(community).queryByRole("switch", { name: /New connection requests/ }),
    ).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Settings/);
  });

  it("flips at once and saves only that switch", async () => {
    const saved = deferred();
    serve(() => saved.reply);
    const user = userEvent.setup();
    renderApp("/settings");
    const section = await notificationsSection();
    const toggle = await within(section).findByRole("switch", {
      name: "New connection requests by push",
    });
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: "PUT",
          path: "/notifications/settings",
          body: { request_received: { push: false } },
        }),
      ),
    );
    saved.answer(ok({ ...allOn(), request_received: { push: false, email: true } }));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it("puts the switch back and says so when saving fails", async () => {
    const saved = deferred();
    serve(() => saved.reply);
    const user = userEvent.setup();
    renderApp("/settings");
    const section = await notificationsSection();
    const toggle = await within(section).findByRole("switch", { name: "Chat messages by email" });
    await user.click(toggle);
    expect(toggle).toBeChecked();

    saved.answer(failure(503, "DB_UNAVAILABLE", "Try again later"));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(
      await screen.findByText(/Couldn't turn on chat messages by email\./),
    ).toBeInTheDocument();
  });
});
