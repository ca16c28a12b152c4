import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/config/copy.ts";
import { STORAGE_KEYS } from "@/config/ui.ts";
import { queryKeys } from "@/lib/query-client.ts";
import {
  firstLoad,
  mockFetch,
  renderApp,
  sampleMe,
  setXsrfCookie,
  unauthenticated,
} from "@/test/render.tsx";

/** Logs Ada in through the form, the server accepting her, and waits for Discover. */
async function logInAsAda() {
  setXsrfCookie();
  const calls = mockFetch((call) =>
    call.path === "/login"
      ? { body: { status: 1, message: "Logged in", data: sampleMe } }
      : unauthenticated,
  );
  const user = userEvent.setup();
  const { router, queryClient } = renderApp("/login");
  await user.type(await screen.findByLabelText("Email", {}, firstLoad), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "correct horse");
  await user.click(screen.getByRole("button", { name: "Login" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/home"), firstLoad);
  return { calls, queryClient };
}

describe("login page", () => {
  it("asks for all details when a field is empty and sends nothing", async () => {
    const calls = mockFetch(() => unauthenticated);
    const user = userEvent.setup();
    renderApp("/login");
    await user.type(await screen.findByLabelText("Email", {}, firstLoad), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText(MESSAGES.enterAllDetails, {}, firstLoad)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("links to the password recovery and to signup", async () => {
    mockFetch(() => unauthenticated);
    renderApp("/login");
    expect(
      await screen.findByRole("link", { name: "Forgot password?" }, firstLoad),
    ).toHaveAttribute("href", "/forget-password");
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
  });

  it("shows the server's message when the login is refused", async () => {
    setXsrfCookie();
    mockFetch((call) =>
      call.path === "/login"
        ? {
            status: 401,
            body: { status: 0, code: "INVALID_CREDENTIALS", message: "Invalid email or password" },
          }
        : unauthenticated,
    );
    const user = userEvent.setup();
    renderApp("/login");
    await user.type(await screen.findByLabelText("Email", {}, firstLoad), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("alert", {}, firstLoad)).toHaveTextContent(
      "Invalid email or password",
    );
  });

  it("stores the user, sends playerId null and goes to Discover on success", async () => {
    const { calls, queryClient } = await logInAsAda();
    expect(calls.find((call) => call.path === "/login")?.body).toEqual({
      emailId: "ada@example.com",
      password: "correct horse",
      playerId: null,
    });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(sampleMe);
  });

  it("sends this device's push subscription id as playerId, and keeps it after signing in", async () => {
    window.localStorage.setItem(STORAGE_KEYS.pushPlayerId, "device-7");
    const { calls } = await logInAsAda();
    expect(calls.find((call) => call.path === "/login")?.body).toMatchObject({
      playerId: "device-7",
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.pushPlayerId)).toBe("device-7");
  });
});
