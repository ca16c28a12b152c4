import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-client.ts";
import {
  firstLoad,
  mockFetch,
  rememberSignedIn,
  renderApp,
  sampleMe,
  setXsrfCookie,
  unauthenticated,
} from "@/test/render.tsx";

describe("main layout", () => {
  it("sends a signed-out visitor from a protected route to /login, replacing the entry", async () => {
    mockFetch((call) => (call.path === "/profile/view" ? unauthenticated : undefined));
    const { router } = renderApp("/home");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), firstLoad);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("shows Login and Signup on an informational route to a signed-out visitor", async () => {
    mockFetch((call) => (call.path === "/profile/view" ? unauthenticated : undefined));
    const { router } = renderApp("/about");
    expect(await screen.findByRole("link", { name: "Signup" }, firstLoad)).toHaveAttribute(
      "href",
      "/signup",
    );
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Welcome to Kindred" }, firstLoad),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/about");
  });

  it("welcomes the user and offers the account menu, copying the profile URL", async () => {
    setXsrfCookie();
    rememberSignedIn();
    mockFetch((call) => {
      if (call.path === "/profile/view") return { body: sampleMe };
      if (call.path === "/generate_public_url") {
        return {
          body: { status: 1, message: "ok", data: { url: "http://localhost/GetToKnowMe/p1" } },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/about");
    expect(await screen.findByText(/Welcome,/, {}, firstLoad)).toHaveTextContent("Welcome, Ada");

    // Opened from the keyboard, focus moves to the first item.
    screen.getByRole("button", { name: "Open account menu" }).focus();
    await user.keyboard("{Enter}");
    // Radix names the menu after its button; its code may still be loading.
    const menu = await screen.findByRole("menu", { name: "Open account menu" }, firstLoad);
    const profile = within(menu).getByRole("menuitem", { name: /^Profile/ });
    // Discover is CSS-hidden on wide screens only.
    await waitFor(() => expect(within(menu).getAllByRole("menuitem")[0]).toHaveFocus());
    // Ada's profile is complete: no "New" badge on Profile.
    expect(within(profile).queryByText("New")).not.toBeInTheDocument();
    for (const name of ["Connections", "Requests", "Copy Profile URL", "Logout"]) {
      expect(within(menu).getByRole("menuitem", { name })).toBeInTheDocument();
    }

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open account menu" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Open account menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Copy Profile URL" }));
    expect(await screen.findByText("Profile URL copied", {}, firstLoad)).toBeInTheDocument();
    // user-event provides the clipboard stub that the app writes to.
    expect(await navigator.clipboard.readText()).toBe("http://localhost/GetToKnowMe/p1");
  });

  it("logs out: clears the user and goes to /login even when the call fails", async () => {
    setXsrfCookie();
    rememberSignedIn();
    const calls = mockFetch((call) => {
      if (call.path === "/profile/view") return { body: sampleMe };
      if (call.path === "/logout")
        return { status: 500, body: { status: 0, code: "X", message: "x" } };
      return undefined;
    });
    const user = userEvent.setup();
    const { router, queryClient } = renderApp("/about");
    await user.click(await screen.findByRole("button", { name: "Open account menu" }, firstLoad));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }, firstLoad));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), firstLoad);
    expect(calls.some((call) => call.method === "POST" && call.path === "/logout")).toBe(true);
    expect(queryClient.getQueryData(queryKeys.me)).toBeNull();
  });
});
