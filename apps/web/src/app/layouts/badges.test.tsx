import { act, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { notification } from "@/test/notification-fixtures.ts";
import {
  type FetchCall,
  firstLoad,
  mockFetch,
  rememberSignedIn,
  renderApp,
  setXsrfCookie,
  signedInReads,
} from "@/test/render.tsx";

/** A WebSocket stand-in: the test pushes the server's frames. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send() {}
  close() {}
  receive(data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(data) }));
  }
}

function unreadCalls(calls: FetchCall[]) {
  return calls.filter((call) => call.path === "/notifications/unread");
}

let calls: FetchCall[];

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  setXsrfCookie();
  rememberSignedIn();
  calls = mockFetch((call) => signedInReads(call, { notifications: 3, requests: 2, messages: 1 }));
});

describe("the top bar's badges", () => {
  it("names the bell with the unread count and counts requests and messages", async () => {
    renderApp("/about");
    const bar = await screen.findByRole("navigation", { name: "Main" }, firstLoad);
    expect(
      await within(bar).findByRole("link", { name: "Notifications, 3 unread" }, firstLoad),
    ).toHaveAttribute("href", "/notifications");
    expect(within(bar).getByRole("link", { name: /^Requests/ })).toHaveTextContent("2 pending");
    expect(within(bar).getByRole("link", { name: /^Chat/ })).toHaveTextContent("1 unread");

    const tabs = screen.getByRole("navigation", { name: "Sections" });
    expect(within(tabs).getByRole("link", { name: "Notifications, 3 unread" })).toHaveAttribute(
      "href",
      "/notifications",
    );
    expect(within(tabs).getByRole("link", { name: "Requests (2 pending)" })).toBeInTheDocument();
    expect(within(tabs).getByRole("link", { name: "Chat (1 unread)" })).toBeInTheDocument();
  });

  it("follows the socket's counts live, without asking the server again", async () => {
    renderApp("/about");
    const bar = await screen.findByRole("navigation", { name: "Main" }, firstLoad);
    await within(bar).findByRole("link", { name: "Notifications, 3 unread" }, firstLoad);
    // The socket opens once the screen has settled.
    const socket = await vi.waitFor(() => {
      const opened = FakeSocket.instances.at(-1);
      if (!opened) throw new Error("no socket opened yet");
      return opened;
    });
    const asked = unreadCalls(calls).length;

    socket.receive({ type: "notification", notification: notification("n-9") });
    socket.receive({ type: "unread", data: { notifications: 4, requests: 3, messages: 0 } });
    // The cache tells its screens on the next tick.
    expect(
      await within(bar).findByRole("link", { name: "Notifications, 4 unread" }),
    ).toBeInTheDocument();
    expect(within(bar).getByRole("link", { name: /^Requests/ })).toHaveTextContent("3 pending");
    expect(within(bar).getByRole("link", { name: /^Chat/ })).not.toHaveTextContent(/\d/);

    socket.receive({ type: "unread", data: { notifications: 0, requests: 0, messages: 0 } });
    expect(await within(bar).findByRole("link", { name: "Notifications" })).toBeInTheDocument();
    expect(unreadCalls(calls)).toHaveLength(asked);
    // One socket for the whole tab.
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
