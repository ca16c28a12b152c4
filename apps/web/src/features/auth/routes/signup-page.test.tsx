import { MESSAGES } from "@kindred/shared";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  firstLoad,
  mockFetch,
  renderApp,
  sampleMe,
  setXsrfCookie,
  unauthenticated,
} from "../../../test/render.tsx";

async function fillSignup(tags: string[]) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("First name", {}, firstLoad), "Ada");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "correct horse");
  const tagInput = screen.getByLabelText("Skills and interests");
  for (const tag of tags) await user.type(tagInput, `${tag}{Enter}`);
}

describe("signup page", () => {
  it("with 2 tags shows the minimum message for 3 s, then the hint for 5 s, and sends nothing", async () => {
    const calls = mockFetch(() => unauthenticated);
    renderApp("/signup");
    await fillSignup(["games", "cooking"]);

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(screen.getByText(MESSAGES.minTags)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.tagsHint)).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText(MESSAGES.minTags)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.tagsHint)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText(MESSAGES.tagsHint)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(MESSAGES.tagsHint)).not.toBeInTheDocument();

    expect(calls.filter((call) => call.method !== "GET")).toHaveLength(0);
  });

  it("asks for all details when email or password is empty", async () => {
    const calls = mockFetch(() => unauthenticated);
    const user = userEvent.setup();
    renderApp("/signup");
    await user.click(await screen.findByRole("button", { name: "Sign up" }, firstLoad));
    expect(await screen.findByText(MESSAGES.enterAllDetails, {}, firstLoad)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== "GET")).toHaveLength(0);
  });

  it("shows the server's message and field errors under the fields", async () => {
    setXsrfCookie();
    mockFetch((call) =>
      call.path === "/signup"
        ? {
            status: 400,
            body: {
              status: 0,
              code: "VALIDATION",
              message: "Some fields need attention",
              errors: [{ path: "password", message: "Password must be at least 8 characters" }],
            },
          }
        : unauthenticated,
    );
    renderApp("/signup");
    await fillSignup(["games", "cooking", "coding"]);
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByRole("alert", {}, firstLoad)).toHaveTextContent(
      "Some fields need attention",
    );
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      /Password must be at least 8 characters/,
    );
  });

  it("signs up with 3 tags and playerId null, then lands on /profile", async () => {
    setXsrfCookie();
    const calls = mockFetch((call) => {
      if (call.path === "/signup")
        return { status: 201, body: { status: 1, message: "Welcome", data: sampleMe } };
      return unauthenticated;
    });
    const { router } = renderApp("/signup");
    await fillSignup(["games", "cooking", "coding"]);
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"), firstLoad);
    expect(calls.find((call) => call.path === "/signup")?.body).toMatchObject({
      firstName: "Ada",
      emailId: "ada@example.com",
      skills: ["games", "cooking", "coding"],
      playerId: null,
    });
    expect(await screen.findByText(/Welcome,/, {}, firstLoad)).toHaveTextContent("Welcome, Ada");
  });
});
