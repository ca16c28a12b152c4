import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@/config/ui.ts";
import { firstLoad, mockFetch, renderApp, setXsrfCookie } from "@/test/render.tsx";

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

    await waitFor(() => {
      const leave = calls.find((call) => call.path === "/community/logout");
      expect(leave?.method).toBe("POST");
      expect(leave?.headers.get("Authorization")).toBe(`Bearer ${token}`);
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.communityToken)).toBeNull();
    expect(screen.queryByRole("button", { name: "Leave community" })).not.toBeInTheDocument();
  });
});
