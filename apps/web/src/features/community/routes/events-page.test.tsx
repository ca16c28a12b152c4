import { EVENT_MESSAGES } from "@kindred/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMUNITY_MESSAGES, EVENT_COPY } from "@/config/copy.ts";
import { firstLoad, mockFetch, ok, renderApp, setXsrfCookie } from "@/test/render.tsx";
import { listEvent, storeMemberToken, stubDialogs } from "../lib/event-test-kit.ts";

beforeAll(stubDialogs);

const DAY = 86_400_000;
const upcoming = Array.from({ length: 12 }, (_, index) =>
  listEvent({
    _id: `up-${index + 1}`,
    title: `Upcoming ${index + 1}`,
    date: new Date(Date.now() + (index + 1) * DAY).toISOString(),
    capacity: index === 0 ? 10 : null,
    going: index === 0 ? 3 : 1,
  }),
);
const past = [
  listEvent({
    _id: "past-1",
    title: "Last week's talk",
    date: new Date(Date.now() - 7 * DAY).toISOString(),
  }),
];

function serveEvents() {
  return mockFetch((call) => {
    if (call.path.startsWith("/community/allevents")) {
      const when = new URL(call.path, "http://x").searchParams.get("when");
      return { body: { events: when === "past" ? past : upcoming, nextCursor: null } };
    }
    return undefined;
  });
}

describe("The events page", () => {
  it("shows upcoming events 2 per page, each linking to its page with its places", async () => {
    storeMemberToken();
    const calls = serveEvents();
    renderApp("/services/events");
    const list = await screen.findByRole("list", { name: "Upcoming events" }, firstLoad);
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByRole("link", { name: "Upcoming 1" })).toHaveAttribute(
      "href",
      "/services/events/up-1",
    );
    expect(within(list).getByText("3 going · 7 of 10 places left")).toBeVisible();
    expect(within(list).getByText("1 going · Unlimited places")).toBeVisible();
    expect(screen.getByText("Page 1 of 6")).toBeVisible();
    expect(calls[0]?.path).toContain("when=upcoming");
  });

  it("shows past events in their own tab, and the tab is in the address", async () => {
    storeMemberToken();
    const calls = serveEvents();
    const user = userEvent.setup();
    const { router } = renderApp("/services/events");
    await screen.findByRole("list", { name: "Upcoming events" }, firstLoad);
    await user.click(screen.getByRole("tab", { name: EVENT_COPY.past }));
    const list = await screen.findByRole("list", { name: "Past events" });
    expect(within(list).getByRole("link", { name: "Last week's talk" })).toBeVisible();
    expect(screen.getByRole("tab", { name: EVENT_COPY.past })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(router.state.location.search).toBe("?when=past");
    expect(calls.some((call) => call.path.includes("when=past"))).toBe(true);

    // The arrow keys move between the tabs, as in any tab list.
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: EVENT_COPY.upcoming })).toHaveFocus();
    expect(await screen.findByRole("list", { name: "Upcoming events" })).toBeVisible();
    expect(router.state.location.search).toBe("");
  });

  it("offers a compact list with more events per page", async () => {
    storeMemberToken();
    serveEvents();
    const user = userEvent.setup();
    renderApp("/services/events");
    await screen.findByRole("list", { name: "Upcoming events" }, firstLoad);
    await user.click(screen.getByRole("checkbox", { name: EVENT_COPY.compact }));
    const list = screen.getByRole("list", { name: "Upcoming events" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(screen.getByText("Page 1 of 2")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(
      within(screen.getByRole("list", { name: "Upcoming events" })).getAllByRole("listitem"),
    ).toHaveLength(2);
  });

  it("keeps the spec's empty text for upcoming events", async () => {
    storeMemberToken();
    mockFetch((call) =>
      call.path.startsWith("/community/allevents")
        ? { body: { events: [], nextCursor: null } }
        : undefined,
    );
    renderApp("/services/events");
    expect(await screen.findByText(COMMUNITY_MESSAGES.noEvents, {}, firstLoad)).toBeVisible();
  });

  it("shows, copies and resets the private calendar address", async () => {
    setXsrfCookie();
    storeMemberToken();
    const first = "http://localhost/api/calendar/first-token.ics";
    const second = "http://localhost/api/calendar/second-token.ics";
    const calls = mockFetch((call) => {
      if (call.path.startsWith("/community/allevents")) {
        return { body: { events: [], nextCursor: null } };
      }
      if (call.path === "/community/calendar") return ok({ url: first });
      if (call.path === "/community/calendar/reset") return ok({ url: second });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/services/events");
    const card = (
      await screen.findByRole("heading", { name: EVENT_COPY.subscribeTitle }, firstLoad)
    ).closest("section") as HTMLElement;
    // Nothing is asked for (or made) until the member wants to see it.
    expect(calls.some((call) => call.path === "/community/calendar")).toBe(false);
    await user.click(within(card).getByRole("button", { name: EVENT_COPY.showAddress }));
    const address = await within(card).findByLabelText("Your calendar address");
    expect(address).toHaveValue(first);

    await user.click(within(card).getByRole("button", { name: EVENT_COPY.copyAddress }));
    expect(await navigator.clipboard.readText()).toBe(first);

    await user.click(within(card).getByRole("button", { name: EVENT_COPY.resetAddress }));
    const dialog = screen.getByRole("dialog", { name: EVENT_COPY.resetQuestion });
    await user.click(within(dialog).getByRole("button", { name: EVENT_COPY.resetAddress }));
    await waitFor(() => expect(address).toHaveValue(second));
    expect(await screen.findByText(EVENT_MESSAGES.calendarReset)).toBeVisible();
    expect(calls.find((call) => call.path === "/community/calendar/reset")?.method).toBe("POST");
  });
});
