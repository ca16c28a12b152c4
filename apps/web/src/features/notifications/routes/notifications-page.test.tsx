import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { NotificationPage } from "@/lib/notification-events.ts";
import { actor, notification } from "@/test/notification-fixtures.ts";
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

/** A signed-in app whose notification calls `answer` handles. */
function serve(answer: (call: FetchCall) => Reply | undefined | Promise<Reply | undefined>) {
  calls = mockFetch((call) => {
    const signedIn = signedInReads(call, { notifications: 2, requests: 0, messages: 0 });
    if (signedIn) return signedIn;
    if (call.path === "/user/requests/received") return ok([]);
    return answer(call);
  });
}

/** The server's answer for one page: the notifications as `data`, the next cursor beside them. */
const page = ({ notifications, nextCursor }: NotificationPage): Reply => ({
  body: { status: 1, message: "Notifications loaded", data: notifications, nextCursor },
});

beforeEach(() => {
  setXsrfCookie();
  rememberSignedIn();
});

function list() {
  return screen.findByRole("list", { name: "Notifications" }, firstLoad);
}

describe("NotificationsPage", () => {
  it("lists newest first with faces, the sentence, the time and an unread marker", async () => {
    const ben = actor("b", "Ben");
    const cleo = actor("c", "Cleo");
    serve((call) =>
      call.path.startsWith("/notifications?")
        ? page({
            notifications: [
              notification("n2", {
                text: "Ben, Cleo and 2 others want to connect",
                actors: [ben, cleo],
                actorCount: 4,
              }),
              notification("n1", {
                text: "Dan accepted your request",
                readAt: "2026-01-01T00:00:00.000Z",
              }),
            ],
            nextCursor: null,
          })
        : undefined,
    );
    renderApp("/notifications");
    const links = within(await list()).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining("Ben, Cleo and 2 others want to connect"),
      expect.stringContaining("Dan accepted your request"),
    ]);
    expect(links[0]).toHaveAccessibleName(
      /^Unread: Ben, Cleo and 2 others want to connect 5 minutes ago$/,
    );
    expect(links[0]).toHaveTextContent("5 minutes ago");
    expect(links[0]).toHaveTextContent("+2");
    expect(links[0]?.querySelectorAll("img")).toHaveLength(2);
    expect(links[1]).not.toHaveAccessibleName(/Unread/);
    expect(document.title).toMatch(/^Notifications/);
  });

  it("shows a moderator's decision with a shield, its sentence and no face", async () => {
    const text =
      "A moderator suspended your account for 7 days: Repeated insults. You can appeal within 14 days.";
    serve((call) =>
      call.path.startsWith("/notifications?")
        ? page({
            notifications: [
              notification("n2", {
                kind: "moderation",
                actors: [],
                actorCount: 0,
                subject: { type: "moderation_action", _id: "action-1" },
                text,
                url: "/",
              }),
              notification("n1", { text: "Ana wants to connect" }),
            ],
            nextCursor: null,
          })
        : undefined,
    );
    renderApp("/notifications");
    const [notice, request] = within(await list()).getAllByRole("link");
    expect(notice).toHaveAccessibleName(`Unread: ${text} 5 minutes ago`);
    expect(notice).toHaveAttribute("href", "/");
    expect(notice?.querySelector("svg.lucide-shield-alert")).not.toBeNull();
    expect(notice?.querySelectorAll("img")).toHaveLength(0);
    // The request beside it keeps its face.
    expect(request?.querySelectorAll("img")).toHaveLength(1);
    expect(request?.querySelector("svg.lucide-shield-alert")).toBeNull();
  });

  it("marks all as read: the markers and the bell's count go at once", async () => {
    const marked = deferred();
    serve((call) => {
      if (call.path.startsWith("/notifications?")) {
        return page({ notifications: [notification("n2"), notification("n1")], nextCursor: null });
      }
      if (call.path === "/notifications/read") return marked.reply;
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/notifications");
    const items = await list();
    expect(within(items).getAllByRole("link", { name: /^Unread:/ })).toHaveLength(2);
    expect(await screen.findAllByRole("link", { name: "Notifications, 2 unread" })).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() =>
      expect(within(items).queryAllByRole("link", { name: /^Unread:/ })).toHaveLength(0),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({ method: "POST", path: "/notifications/read", body: { all: true } }),
    );
    // Before the server has answered: the bell in the top bar and in the phone's tab bar.
    expect(await screen.findAllByRole("link", { name: "Notifications" })).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    marked.answer(ok({ notifications: 0 }));
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
    expect(within(items).queryAllByRole("link", { name: /^Unread:/ })).toHaveLength(0);
  });

  it("opening one marks it read and goes where it points", async () => {
    serve((call) => {
      if (call.path.startsWith("/notifications?")) {
        return page({
          notifications: [notification("n2", { text: "Ana wants to connect" })],
          nextCursor: null,
        });
      }
      if (call.path === "/notifications/read") return ok({ notifications: 1 });
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderApp("/notifications");
    await user.click(within(await list()).getByRole("link", { name: /Ana wants to connect/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/requests"));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: "POST",
          path: "/notifications/read",
          body: { ids: ["n2"] },
        }),
      ),
    );
    expect(
      await screen.findAllByRole("link", { name: "Notifications, 1 unread" }),
    ).not.toHaveLength(0);
  });

  it("says you're all caught up when there is nothing", async () => {
    serve((call) =>
      call.path.startsWith("/notifications?")
        ? page({ notifications: [], nextCursor: null })
        : undefined,
    );
    renderApp("/notifications");
    expect(await screen.findByText("You're all caught up", {}, firstLoad)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Notifications" })).not.toBeInTheDocument();
  });

  it("loads older ones with Load more, by the cursor, until there are none", async () => {
    serve((call) => {
      if (call.path === "/notifications?limit=20") {
        return page({ notifications: [notification("n3")], nextCursor: "c-1" });
      }
      if (call.path === "/notifications?cursor=c-1&limit=20") {
        return page({
          notifications: [notification("n1", { text: "Older one" })],
          nextCursor: null,
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/notifications");
    const items = await list();
    expect(within(items).getAllByRole("link")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await within(items).findByRole("link", { name: /Older one/ })).toBeInTheDocument();
    expect(within(items).getAllByRole("link")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("says the list did not load and loads it on Try again", async () => {
    let fail = true;
    serve((call) => {
      if (!call.path.startsWith("/notifications?")) return undefined;
      if (fail) return failure(503, "DB_UNAVAILABLE", "Try again later");
      return page({ notifications: [notification("n1")], nextCursor: null });
    });
    const user = userEvent.setup();
    renderApp("/notifications");
    const alert = await screen.findByRole("alert", {}, firstLoad);
    expect(alert).toHaveTextContent("Couldn't load your notifications.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(within(await list()).getAllByRole("link")).toHaveLength(1);
  });
});
