import { EVENT_MESSAGES } from "@kindred/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMUNITY_MESSAGES, EVENT_COPY } from "@/config/copy.ts";
import { STORAGE_KEYS } from "@/config/ui.ts";
import {
  deferred,
  failure,
  firstLoad,
  mockFetch,
  ok,
  renderApp,
  setXsrfCookie,
} from "@/test/render.tsx";
import { eventDetail, storeMemberToken, stubDialogs } from "../lib/event-test-kit.ts";

beforeAll(stubDialogs);

const PAGE = "/services/events/e-1";

describe("An event's page", () => {
  it("shows the event, its host, the places left and who is going", async () => {
    storeMemberToken();
    const calls = mockFetch((call) => {
      if (call.path === "/community/event/e-1") {
        return ok(
          eventDetail({
            title: "A very long title ".repeat(8).trim(),
            capacity: 10,
            going: 7,
            attendees: [
              { _id: "host-1", name: "Grace Hopper" },
              { _id: "m-2", name: "Alan Turing" },
            ],
          }),
        );
      }
      return undefined;
    });
    renderApp(PAGE);
    expect(
      await screen.findByRole("heading", { level: 1, name: /A very long title/ }, firstLoad),
    ).toBeVisible();
    expect(screen.getByText("Grace Hopper", { selector: "span" })).toBeVisible();
    expect(screen.getByText("7 going · 3 of 10 places left")).toBeVisible();
    const going = screen.getByRole("list", { name: "People going" });
    expect(
      within(going)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Grace Hopper (host)", "Alan Turing"]);
    expect(screen.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText(EVENT_MESSAGES.notGoing)).toBeVisible();
    expect(screen.getByRole("button", { name: EVENT_COPY.addToCalendar })).toBeVisible();
    expect(screen.queryByRole("button", { name: EVENT_COPY.cancelEvent })).toBeNull();
    const get = calls.find((call) => call.path === "/community/event/e-1");
    expect(get?.headers.get("Authorization")).toMatch(/^Bearer /);
  });

  it("says Unlimited places without a capacity", async () => {
    storeMemberToken();
    mockFetch((call) => (call.path === "/community/event/e-1" ? ok(eventDetail()) : undefined));
    renderApp(PAGE);
    expect(await screen.findByText("1 going · Unlimited places", {}, firstLoad)).toBeVisible();
  });

  it("answers Going at once, then shows the waitlist place the server gives", async () => {
    setXsrfCookie();
    storeMemberToken();
    const answer = deferred();
    let detail = eventDetail({ capacity: 5, going: 1 });
    const calls = mockFetch((call) => {
      if (call.path === "/community/event/e-1/rsvp") return answer.reply;
      if (call.path === "/community/event/e-1") return ok(detail);
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click(await screen.findByRole("button", { name: "Going" }, firstLoad));

    // Before the server answers: the guess from the counts on screen.
    expect(screen.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText(EVENT_MESSAGES.going)).toBeVisible();
    const put = calls.find((call) => call.path === "/community/event/e-1/rsvp");
    expect(put?.method).toBe("PUT");
    expect(put?.body).toEqual({ status: "going" });

    // Someone took the last place meanwhile: the server puts the member second in line.
    const state = { myRsvp: "waitlisted", myPosition: 2, going: 5, waitlisted: 2 } as const;
    detail = { ...detail, ...state };
    answer.answer(ok(state));
    expect(await screen.findByText("You are #2 on the waitlist")).toBeVisible();
  });

  it("puts the answer back and says so when the call fails", async () => {
    setXsrfCookie();
    storeMemberToken();
    mockFetch((call) => {
      if (call.path === "/community/event/e-1/rsvp") {
        return failure(409, "CONFLICT", EVENT_MESSAGES.started);
      }
      if (call.path === "/community/event/e-1") {
        return ok(eventDetail({ myRsvp: "going", going: 2 }));
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    await user.click(await screen.findByRole("button", { name: "Not going" }, firstLoad));
    const said = await screen.findByText(
      `Couldn't say you are not going. ${EVENT_MESSAGES.started}`,
    );
    // The toast fades in: visible once its entrance has run (slow on a busy machine).
    await waitFor(() => expect(said).toBeVisible());
    expect(screen.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText(EVENT_MESSAGES.going)).toBeVisible();
    expect(screen.getByText("2 going · Unlimited places")).toBeVisible();
  });

  it("shows a past event's state and no answer to give", async () => {
    storeMemberToken();
    mockFetch((call) =>
      call.path === "/community/event/e-1"
        ? ok(eventDetail({ date: new Date(Date.now() - 86_400_000).toISOString() }))
        : undefined,
    );
    renderApp(PAGE);
    expect(await screen.findByText(EVENT_COPY.pastNote, {}, firstLoad)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Going" })).toBeNull();
  });

  it("shows a cancelled event's state, no answer and no calendar file", async () => {
    storeMemberToken();
    mockFetch((call) =>
      call.path === "/community/event/e-1"
        ? ok(eventDetail({ cancelledAt: new Date().toISOString() }))
        : undefined,
    );
    renderApp(PAGE);
    expect(await screen.findByText(EVENT_COPY.cancelledNote, {}, firstLoad)).toBeVisible();
    expect(screen.getByText("Cancelled")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Going" })).toBeNull();
    expect(screen.queryByRole("button", { name: EVENT_COPY.addToCalendar })).toBeNull();
  });

  it("lets the host cancel the event after confirming", async () => {
    setXsrfCookie();
    storeMemberToken("host-1", "Grace");
    const calls = mockFetch((call) => {
      if (call.path === "/community/event/e-1/cancel") {
        return ok(eventDetail({ cancelledAt: new Date().toISOString() }));
      }
      if (call.path === "/community/event/e-1") return ok(eventDetail());
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(PAGE);
    expect(await screen.findByText(EVENT_COPY.hostNote, {}, firstLoad)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Going" })).toBeNull();
    await user.click(screen.getByRole("button", { name: EVENT_COPY.cancelEvent }));
    const dialog = screen.getByRole("dialog", { name: EVENT_COPY.cancelQuestion });
    // "Keep it" cancels nothing.
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(calls.some((call) => call.path.endsWith("/cancel"))).toBe(false);

    await user.click(screen.getByRole("button", { name: EVENT_COPY.cancelEvent }));
    await user.click(
      within(screen.getByRole("dialog", { name: EVENT_COPY.cancelQuestion })).getByRole("button", {
        name: EVENT_COPY.cancelEvent,
      }),
    );
    expect(await screen.findByText(EVENT_MESSAGES.eventCancelled)).toBeVisible();
    expect(screen.getByText(EVENT_COPY.cancelledNote)).toBeVisible();
    const cancel = calls.find((call) => call.path === "/community/event/e-1/cancel");
    expect(cancel?.method).toBe("POST");
  });

  it("shows a clear not-found state for an unknown id, in the community frame", async () => {
    storeMemberToken();
    mockFetch((call) =>
      call.path === "/community/event/nope"
        ? failure(404, "NOT_FOUND", EVENT_MESSAGES.notFound)
        : undefined,
    );
    renderApp("/services/events/nope");
    expect(await screen.findByText(EVENT_COPY.notFoundTitle, {}, firstLoad)).toBeVisible();
    expect(screen.getByText(EVENT_MESSAGES.notFound)).toBeVisible();
    expect(screen.getByRole("navigation", { name: "Community" })).toBeVisible();
    expect(screen.getByRole("link", { name: "See all events" })).toHaveAttribute(
      "href",
      "/services/events",
    );
  });

  it("ends the community session when the token is refused", async () => {
    storeMemberToken();
    mockFetch((call) =>
      call.path === "/community/event/e-1"
        ? failure(401, "UNAUTHENTICATED", "Please log in")
        : undefined,
    );
    const { router } = renderApp(PAGE);
    // The toast can be in the page a moment before it shows (the screens change under it).
    await waitFor(
      () => expect(screen.getByText(COMMUNITY_MESSAGES.sessionExpired)).toBeVisible(),
      firstLoad,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/community"));
    expect(window.localStorage.getItem(STORAGE_KEYS.communityToken)).toBeNull();
  });

  it("ends the community session when an answer's token is refused", async () => {
    setXsrfCookie();
    storeMemberToken();
    mockFetch((call) => {
      if (call.path === "/community/event/e-1/rsvp") {
        return failure(401, "UNAUTHENTICATED", "Please log in");
      }
      if (call.path === "/community/event/e-1") return ok(eventDetail());
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderApp(PAGE);
    await user.click(await screen.findByRole("button", { name: "Going" }, firstLoad));
    // The toast, and the community page's own notice once there.
    expect((await screen.findAllByText(COMMUNITY_MESSAGES.sessionExpired))[0]).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe("/community"));
    expect(window.localStorage.getItem(STORAGE_KEYS.communityToken)).toBeNull();
  });
});
