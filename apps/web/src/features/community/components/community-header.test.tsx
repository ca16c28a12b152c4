import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@/config/ui.ts";
import {
  firstLoad,
  mockFetch,
  rememberSignedIn,
  renderApp,
  sampleMe,
  setXsrfCookie,
  unauthenticated,
} from "@/test/render.tsx";

/** A token the client can read (the server checks the signature, the client never does). */
function storedToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const token = `${part({ alg: "HS256", typ: "JWT" })}.${part({ id: "m-1", uname: "Ada", ver: 0, exp })}.signature`;
  window.localStorage.setItem(STORAGE_KEYS.communityToken, token);
  return token;
}

// jsdom has no modal dialogs; the login dialog the page opens after leaving needs these two
// (this file's own window: vitest isolates test files).
HTMLDialogElement.prototype.showModal ??= function open(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function shut(this: HTMLDialogElement) {
  this.removeAttribute("open");
};

afterEach(() => {
  window.localStorage.clear();
});

describe("Leave community", () => {
  it("asks the server to end the token, then forgets it in the browser", async () => {
    setXsrfCookie();
    const token = storedToken();
    const calls = mockFetch((call) => {
      if (call.path.startsWith("/community/getposts")) return { body: [] };
      if (call.path === "/community/logout") {
        return { body: { status: 1, message: "You left the community." } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/community");
    await user.click(await screen.findByRole("button", { name: "Leave community" }, firstLoad));
    // Asked first: staying changes nothing.
    const asked = screen.getByRole("dialog", { name: "Leave the community?" });
    await user.click(within(asked).getByRole("button", { name: "Stay" }));
    expect(calls.some((call) => call.path === "/community/logout")).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.communityToken)).toBe(token);

    await user.click(screen.getByRole("button", { name: "Leave community" }));
    const again = screen.getByRole("dialog", { name: "Leave the community?" });
    await user.click(within(again).getByRole("button", { name: "Leave" }));

    await waitFor(() => {
      const leave = calls.find((call) => call.path === "/community/logout");
      expect(leave?.method).toBe("POST");
      expect(leave?.headers.get("Authorization")).toBe(`Bearer ${token}`);
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.communityToken)).toBeNull();
    expect(screen.queryByRole("button", { name: "Leave community" })).not.toBeInTheDocument();
  });
});

describe("the community signed in", () => {
  it("has the app's frame (search, the bell, the phone tabs) with the community's own links", async () => {
    setXsrfCookie();
    rememberSignedIn();
    storedToken();
    mockFetch((call) => {
      if (call.path === "/profile/view") return { body: sampleMe };
      if (call.path.startsWith("/community/getposts")) return { body: [] };
      return undefined;
    });
    renderApp("/community");
    // The app's own frame, as on Discover: its sections, the phone tab bar among them.
    const sections = await screen.findByRole("navigation", { name: "Sections" }, firstLoad);
    const community = screen.getByRole("navigation", { name: "Community" });
    expect(within(community).getByRole("link", { name: "Study groups" })).toBeInTheDocument();
    expect(within(community).getByRole("button", { name: "Leave community" })).toBeInTheDocument();
    expect(within(sections).getByRole("link", { name: /^Discover/ })).toBeInTheDocument();
    expect(within(sections).getByRole("link", { name: /^Notifications/ })).toBeInTheDocument();
    // Not the community's public top bar's way back: the app's frame is already there.
    expect(screen.queryByRole("link", { name: "Back to Discover" })).not.toBeInTheDocument();
  });

  it("keeps the public layout for a visitor", async () => {
    mockFetch((call) => {
      if (call.path === "/profile/view") return unauthenticated;
      return undefined;
    });
    renderApp("/community");
    expect(
      await screen.findByRole("heading", { name: "Welcome to the Kindred Community" }, firstLoad),
    ).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();
  });
});
