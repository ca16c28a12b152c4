import { AGE_MESSAGES, FILTER_MESSAGES } from "@kindred/shared";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/config/copy.ts";
import { STORAGE_KEYS } from "@/config/ui.ts";
import {
  firstLoad,
  mockFetch,
  renderApp,
  sampleMe,
  setXsrfCookie,
  TOAST_EXIT_MS,
  toasterListening,
  unauthenticated,
} from "@/test/render.tsx";

async function fillSignup(tags: string[], { terms = true }: { terms?: boolean } = {}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("First name", {}, firstLoad), "Ada");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "correct horse");
  const tagInput = screen.getByLabelText("Skills and interests");
  for (const tag of tags) await user.type(tagInput, `${tag}{Enter}`);
  if (terms) await user.click(screen.getByLabelText(/I am 13 or over and accept the Terms/));
}

/** Signs Ada up with three tags, the server welcoming her, and waits for her profile. */
async function signUpWithThreeTags() {
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
  return calls;
}

describe("signup page", () => {
  it("with 2 tags shows the minimum message for 3 s, then the hint for 5 s, and sends nothing", async () => {
    const calls = mockFetch(() => unauthenticated);
    renderApp("/signup");
    await fillSignup(["games", "cooking"]);
    await toasterListening();

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    // The schema check runs before the toast: a tick, not a timer.
    await act(() => vi.advanceTimersByTimeAsync(0));
    // In the toast and, to stay, at the tag field.
    expect(screen.getAllByText(MESSAGES.minTags)).toHaveLength(2);
    expect(screen.getByPlaceholderText(MESSAGES.tagPlaceholder)).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.minTags),
    );
    expect(screen.queryByText(MESSAGES.tagsHint)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2990));
    expect(screen.getAllByText(MESSAGES.minTags)).toHaveLength(2);
    expect(screen.queryByText(MESSAGES.tagsHint)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByText(MESSAGES.tagsHint)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_EXIT_MS));
    expect(screen.getAllByText(MESSAGES.minTags)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(4970 - TOAST_EXIT_MS));
    expect(screen.getByText(MESSAGES.tagsHint)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30 + TOAST_EXIT_MS));
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

  it("shows a server field error once, under its field", async () => {
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
    // Shown once: under the field it is about, not again in an alert or a toast.
    await waitFor(
      () =>
        expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
          /Password must be at least 8 characters/,
        ),
      firstLoad,
    );
    expect(screen.getAllByText("Password must be at least 8 characters")).toHaveLength(1);
    expect(screen.queryByText("Some fields need attention")).not.toBeInTheDocument();
  });

  it("shows a name the automatic filter refused under that field", async () => {
    setXsrfCookie();
    mockFetch((call) =>
      call.path === "/signup"
        ? {
            status: 400,
            body: {
              status: 0,
              code: "VALIDATION_ERROR",
              message: FILTER_MESSAGES.offensiveWords,
              errors: [{ path: "firstName", message: FILTER_MESSAGES.offensiveWords }],
            },
          }
        : unauthenticated,
    );
    renderApp("/signup");
    await fillSignup(["games", "cooking", "coding"]);
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(
      () =>
        expect(screen.getByLabelText("First name")).toHaveAccessibleDescription(
          expect.stringContaining(FILTER_MESSAGES.offensiveWords),
        ),
      firstLoad,
    );
    expect(screen.getAllByText(FILTER_MESSAGES.offensiveWords)).toHaveLength(1);
  });

  it("signs up with 3 tags and playerId null, then lands on /profile", async () => {
    const calls = await signUpWithThreeTags();
    expect(calls.find((call) => call.path === "/signup")?.body).toMatchObject({
      firstName: "Ada",
      emailId: "ada@example.com",
      skills: ["games", "cooking", "coding"],
      playerId: null,
    });
    expect(await screen.findByText(/Welcome,/, {}, firstLoad)).toHaveTextContent("Welcome, Ada");
  });

  it("sends this device's push subscription id as playerId", async () => {
    window.localStorage.setItem(STORAGE_KEYS.pushPlayerId, "device-7");
    const calls = await signUpWithThreeTags();
    expect(calls.find((call) => call.path === "/signup")?.body).toMatchObject({
      playerId: "device-7",
    });
  });
});

describe("what the person wants to learn, at sign-up", () => {
  it("sends `learning` when some are named", async () => {
    setXsrfCookie();
    const calls = mockFetch((call) =>
      call.path === "/signup"
        ? { status: 201, body: { status: 1, message: "Welcome", data: sampleMe } }
        : unauthenticated,
    );
    const { router } = renderApp("/signup");
    await userEvent.type(
      await screen.findByRole("combobox", { name: "Want to learn" }, firstLoad),
      "Guitar{Enter}Python{Enter}",
    );
    await fillSignup(["games", "cooking", "coding"]);
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"), firstLoad);
    expect(calls.find((call) => call.path === "/signup")?.body).toMatchObject({
      skills: ["games", "cooking", "coding"],
      learning: ["Guitar", "Python"],
    });
  });

  it("is optional: with none named, the body has no `learning`", async () => {
    const calls = await signUpWithThreeTags();
    expect(calls.find((call) => call.path === "/signup")?.body).not.toHaveProperty("learning");
  });
});

describe("age and terms at sign-up", () => {
  it("sends nothing until the terms box is ticked, and says so under it", async () => {
    const calls = mockFetch(() => unauthenticated);
    renderApp("/signup");
    await fillSignup(["games", "cooking", "coding"], { terms: false });
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    const box = screen.getByLabelText(/I am 13 or over and accept the Terms/);
    await waitFor(() => expect(box).toHaveAccessibleDescription(AGE_MESSAGES.termsRequired));
    expect(calls.filter((call) => call.method !== "GET")).toHaveLength(0);
    // The terms open from the box's label.
    expect(screen.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
  });

  it("sends the age when given, and termsAccepted", async () => {
    setXsrfCookie();
    const calls = mockFetch((call) =>
      call.path === "/signup"
        ? { status: 201, body: { status: 1, message: "Welcome", data: sampleMe } }
        : unauthenticated,
    );
    const { router } = renderApp("/signup");
    await userEvent.type(await screen.findByLabelText("Age (optional)", {}, firstLoad), "16");
    await fillSignup(["games", "cooking", "coding"]);
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"), firstLoad);
    expect(calls.find((call) => call.path === "/signup")?.body).toMatchObject({
      age: 16,
      termsAccepted: true,
    });
  });

  it("shows an age out of range under the age field", async () => {
    const calls = mockFetch(() => unauthenticated);
    const user = userEvent.setup();
    renderApp("/signup");
    await user.type(await screen.findByLabelText("Age (optional)", {}, firstLoad), "12");
    await user.tab();
    expect(screen.getByLabelText("Age (optional)")).toHaveAccessibleDescription(
      /Age must be a whole number from 13 to 120/,
    );
    expect(calls.filter((call) => call.method !== "GET")).toHaveLength(0);
  });
});

describe("signup form rules from the shared schema", () => {
  it("shows an invalid email and a short password under their fields before any request", async () => {
    const calls = mockFetch(() => unauthenticated);
    const user = userEvent.setup();
    renderApp("/signup");
    await user.type(await screen.findByLabelText("Email", {}, firstLoad), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.tab();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
      /Enter a valid email address/,
    );
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      /Password must be at least 8 characters/,
    );
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(calls.filter((call) => call.method !== "GET")).toHaveLength(0);
  });

  it("shows the server's sentence once in the form when it names no field", async () => {
    setXsrfCookie();
    mockFetch((call) =>
      call.path === "/signup"
        ? {
            status: 409,
            body: { status: 0, code: "EMAIL_TAKEN", message: "This email is already registered" },
          }
        : unauthenticated,
    );
    renderApp("/signup");
    await fillSignup(["games", "cooking", "coding"]);
    await userEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByRole("alert", {}, firstLoad)).toHaveTextContent(
      "This email is already registered",
    );
    expect(screen.getAllByText("This email is already registered")).toHaveLength(1);
  });
});
