import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/config/copy.ts";
import { earlyReadsSettled, startEarlyReads } from "@/lib/early-reads.ts";
import { createQueryClient } from "@/lib/query-client.ts";
import { preloadFetches } from "@/test/early-reads.ts";
import {
  firstLoad,
  mockFetch,
  rememberSignedIn,
  renderApp,
  sampleMe,
  setXsrfCookie,
  unauthenticated,
} from "@/test/render.tsx";

describe("RequireAuth (signed-in routes)", () => {
  it.each(["/home", "/profile", "/connections", "/requests", "/chat"])(
    "sends a visitor from %s to /login",
    async (path) => {
      mockFetch((call) => (call.path === "/profile/view" ? unauthenticated : undefined));
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe("/login"), firstLoad);
    },
  );

  it("asks the server even without a remembered session, and shows the screen when signed in", async () => {
    mockFetch((call) => {
      if (call.path === "/profile/view") return { body: sampleMe };
      if (call.path === "/user/connections")
        return { body: { status: 1, message: "ok", data: [] } };
      if (call.path === "/user/requests/received")
        return { body: { status: 1, message: "ok", data: [] } };
      return undefined;
    });
    const { router } = renderApp("/connections");
    expect(
      await screen.findByRole("heading", { name: "Connections" }, firstLoad),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/connections");
  });

  it("takes the session and the screen's list the page read early, without asking again", async () => {
    const calls = mockFetch((call) => {
      if (call.path === "/profile/view") return { body: sampleMe };
      if (call.path === "/user/connections")
        return { body: { status: 1, message: "ok", data: [] } };
      return undefined;
    });
    const forget = preloadFetches("/api/profile/view", "/api/user/connections");
    try {
      startEarlyReads();
      await earlyReadsSettled();
      // The app's own cache settings: an answer is fresh for a while.
      renderApp("/connections", { queryClient: createQueryClient() });
      expect(
        await screen.findByRole("heading", { name: "Connections" }, firstLoad),
      ).toBeInTheDocument();
      expect(await screen.findByText(MESSAGES.noConnections.trim())).toBeInTheDocument();
      const reads = calls.map((call) => call.path);
      expect(reads.filter((path) => path === "/profile/view")).toHaveLength(1);
      expect(reads.filter((path) => path === "/user/connections")).toHaveLength(1);
    } finally {
      forget();
    }
  });

  it("offers Try Again when the session check fails for another reason", async () => {
    mockFetch((call) =>
      call.path === "/profile/view"
        ? { status: 503, body: { status: 0, code: "DOWN", message: "Try again soon" } }
        : undefined,
    );
    renderApp("/home");
    expect(await screen.findByRole("alert", {}, firstLoad)).toHaveTextContent("Try again soon");
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});

describe("GuestOnly (login and signup)", () => {
  it.each(["/login", "/signup"])("sends a signed-in user from %s to /home", async (path) => {
    rememberSignedIn();
    mockFetch((call) => (call.path === "/profile/view" ? { body: sampleMe } : undefined));
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"), firstLoad);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("lets a visitor log in and then follows the login, not the guard, to returnTo", async () => {
    setXsrfCookie();
    const calls = mockFetch((call) => {
      if (call.path === "/login") return { body: { status: 1, message: "ok", data: sampleMe } };
      if (call.path.startsWith("/get_public_profile/")) return undefined;
      return unauthenticated;
    });
    const user = userEvent.setup();
    const { router } = renderApp("/login?returnTo=%2FGetToKnowMe%2Fp-9");
    // A browser that was never signed in asks nothing before the form.
    expect(calls).toEqual([]);
    await user.type(await screen.findByLabelText("Email", {}, firstLoad), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(
      () => expect(router.state.location.pathname).toMatch(/^\/GetToKnowMe\/p-9|^\/not-found/),
      firstLoad,
    );
    expect(router.state.location.pathname).not.toBe("/home");
  });

  it("ignores a returnTo that leaves the site", async () => {
    setXsrfCookie();
    mockFetch((call) =>
      call.path === "/login"
        ? { body: { status: 1, message: "ok", data: sampleMe } }
        : unauthenticated,
    );
    const user = userEvent.setup();
    const { router } = renderApp("/login?returnTo=%2F%2Fevil.example");
    await user.type(await screen.findByLabelText("Email", {}, firstLoad), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Login" }));
    // Not off the site: to Discover, where a login without returnTo goes.
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"), firstLoad);
  });
});
