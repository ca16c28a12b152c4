import { EVENT_MESSAGES } from "@kindred/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { firstLoad, mockFetch, ok, renderApp, setXsrfCookie } from "@/test/render.tsx";
import { eventDetail, listEvent, storeMemberToken } from "../lib/event-test-kit.ts";

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

describe("A new event in the list", () => {
  it("opens the list at its page, scrolled to it and outlined", async () => {
    setXsrfCookie();
    storeMemberToken();
    let created = false;
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scroll(this: Element) {
      scrolled.push(this.id);
    };
    // Five upcoming events once it exists; the new one is the fifth: page 3 of 2 per page.
    const list = () =>
      Array.from({ length: 5 }, (_, index) =>
        listEvent({ _id: `e-${index + 1}`, title: index === 4 ? "Study night" : `Talk ${index}` }),
      );
    mockFetch((call) => {
      if (call.path.startsWith("/community/allevents")) {
        return { body: { events: created ? list() : [], nextCursor: null } };
      }
      if (call.path === "/community/createevent") {
        created = true;
        return ok(eventDetail({ _id: "e-5", title: "Study night" }), 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/services/events");
    await fillEvent(user, "");
    await user.click(screen.getByRole("button", { name: "Add Event" }));

    const landed = await screen.findByRole("listitem", { current: true }, firstLoad);
    expect(landed).toHaveTextContent("Study night");
    expect(screen.getByText(/Page 3 of 3/)).toBeInTheDocument();
    await waitFor(() => expect(scrolled).toContain("event-e-5"));
    // The other events are not outlined.
    expect(screen.getAllByRole("listitem", { current: true })).toHaveLength(1);
  });
});
