import { EVENT_MESSAGES } from "@kindred/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { firstLoad, mockFetch, ok, renderApp, setXsrfCookie } from "@/test/render.tsx";
import { eventDetail, storeMemberToken } from "../lib/event-test-kit.ts";

async function fillEvent(user: ReturnType<typeof userEvent.setup>, capacity: string) {
  await user.type(await screen.findByLabelText("Title", {}, firstLoad), "Study night");
  await user.type(screen.getByLabelText("Description"), "Bring a laptop.");
  await user.type(screen.getByLabelText("Date"), "2031-05-17T18:00");
  await user.type(screen.getByLabelText("Location"), "Library");
  if (capacity) await user.type(screen.getByLabelText("Capacity (optional)"), capacity);
}

/** A member on the events page whose server takes a new event; answers the calls it gets. */
function serveEvents() {
  setXsrfCookie();
  storeMemberToken();
  return mockFetch((call) => {
    if (call.path.startsWith("/community/allevents")) {
      return { body: { events: [], nextCursor: null } };
    }
    if (call.path === "/community/createevent") return ok(eventDetail(), 201);
    return undefined;
  });
}

describe("Create an event", () => {
  it("sends the capacity as a number and the date with the viewer's offset", async () => {
    const calls = serveEvents();
    const user = userEvent.setup();
    renderApp("/services/events");
    await fillEvent(user, "2");
    await user.click(screen.getByRole("button", { name: "Add Event" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === "/community/createevent")).toBeDefined(),
    );
    const body = calls.find((call) => call.path === "/community/createevent")?.body as Record<
      string,
      unknown
    >;
    expect(body.capacity).toBe(2);
    const offset = -new Date("2031-05-17T18:00").getTimezoneOffset();
    const sign = offset < 0 ? "-" : "+";
    const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
    const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
    expect(body.date).toBe(`2031-05-17T18:00:00${sign}${hours}:${minutes}`);
    expect(await screen.findByText("Event added.")).toBeVisible();
  });

  it("sends no limit for an empty capacity", async () => {
    const calls = serveEvents();
    const user = userEvent.setup();
    renderApp("/services/events");
    await fillEvent(user, "");
    await user.click(screen.getByRole("button", { name: "Add Event" }));
    await waitFor(() => {
      const body = calls.find((call) => call.path === "/community/createevent")?.body as
        | Record<string, unknown>
        | undefined;
      expect(body?.capacity).toBeNull();
    });
  });

  it.each(["0", "2.5", "many", "100001"])(
    "refuses a capacity of %s with the shared rule's message",
    async (capacity) => {
      storeMemberToken();
      const calls = mockFetch((call) =>
        call.path.startsWith("/community/allevents")
          ? { body: { events: [], nextCursor: null } }
          : undefined,
      );
      const user = userEvent.setup();
      renderApp("/services/events");
      await fillEvent(user, capacity);
      await user.click(screen.getByRole("button", { name: "Add Event" }));
      expect(await screen.findByText(EVENT_MESSAGES.capacity)).toBeVisible();
      expect(calls.some((call) => call.path === "/community/createevent")).toBe(false);
    },
  );
});
