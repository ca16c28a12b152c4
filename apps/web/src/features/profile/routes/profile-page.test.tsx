import { FILTER_MESSAGES, MAX_LEARNING } from "@kindred/shared";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/config/copy.ts";
import { queryKeys } from "@/lib/query-client.ts";
import {
  type FetchCall,
  firstLoad,
  mockFetch,
  renderApp,
  sampleMe,
  setXsrfCookie,
  TOAST_EXIT_MS,
  toasterListening,
} from "@/test/render.tsx";

function signedIn(extra: (call: FetchCall) => { status?: number; body?: unknown } | undefined) {
  setXsrfCookie();
  return mockFetch((call) => {
    if (call.path === "/profile/view") return { body: { ...sampleMe, gender: null } };
    return extra(call);
  });
}

describe("profile page", () => {
  it("refuses a missing gender with a 5 s toast and sends nothing", async () => {
    const calls = signedIn(() => undefined);
    renderApp("/profile");
    expect(await screen.findByLabelText("Gender", {}, firstLoad)).toHaveValue("");
    await toasterListening();

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(MESSAGES.invalidGender)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4990));
    expect(screen.getByText(MESSAGES.invalidGender)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10 + TOAST_EXIT_MS));
    expect(screen.queryByText(MESSAGES.invalidGender)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(0);
  });

  it("saves, shows 'Profile Saved Successfully' for 3 s and updates the cached user", async () => {
    const saved = { ...sampleMe, gender: "other" as const, about: "Updated about" };
    const calls = signedIn((call) =>
      call.method === "PATCH" && call.path === "/profile/edit"
        ? { body: { status: 1, message: MESSAGES.profileSaved, data: saved } }
        : undefined,
    );
    const user = userEvent.setup();
    const { queryClient } = renderApp("/profile");
    await user.selectOptions(await screen.findByLabelText("Gender", {}, firstLoad), "other");
    const about = screen.getByLabelText("About");
    await user.clear(about);
    await user.type(about, "Updated about");

    // The live preview follows the unsaved values.
    const preview = screen.getByRole("complementary", { name: "Live preview" });
    expect(within(preview).getByText("Updated about")).toBeInTheDocument();

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByText(MESSAGES.profileSaved)).toBeInTheDocument();
    const patch = calls.find((call) => call.method === "PATCH");
    // Only what changed is sent.
    expect(patch?.body).toEqual({ gender: "other", about: "Updated about" });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(saved);

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByText(MESSAGES.profileSaved)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100 + TOAST_EXIT_MS));
    expect(screen.queryByText(MESSAGES.profileSaved)).not.toBeInTheDocument();
  });

  it("shows a server field error once, under its field, when saving fails", async () => {
    signedIn((call) =>
      call.method === "PATCH"
        ? {
            status: 400,
            body: {
              status: 0,
              code: "VALIDATION",
              message: "Some fields need attention",
              errors: [{ path: "age", message: "Age must be a whole number from 13 to 120" }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp("/profile");
    await user.selectOptions(await screen.findByLabelText("Gender", {}, firstLoad), "female");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Age must be a whole number from 13 to 120", {}, firstLoad),
    ).toHaveClass("text-error");
    expect(screen.getByLabelText("Age")).toHaveAccessibleDescription(/Age must be a whole number/);
    expect(screen.queryByText("Some fields need attention")).not.toBeInTheDocument();
  });
});

describe("the profile's live preview", () => {
  it("shows my university as my card will, from Settings, not the form", async () => {
    setXsrfCookie();
    mockFetch((call) =>
      call.path === "/profile/view"
        ? { body: { ...sampleMe, campus: "University of Oxford" } }
        : undefined,
    );
    renderApp("/profile");
    const preview = await screen.findByRole("complementary", { name: "Live preview" }, firstLoad);
    expect(await within(preview).findByTestId("campus-badge")).toHaveTextContent(
      "University of Oxford",
    );
    expect(screen.queryByLabelText(/university/i)).not.toBeInTheDocument();
  });
});

describe("the automatic filter on the profile", () => {
  it("shows a refused slur under About, once", async () => {
    signedIn((call) =>
      call.method === "PATCH"
        ? {
            status: 400,
            body: {
              status: 0,
              code: "VALIDATION_ERROR",
              message: FILTER_MESSAGES.offensiveWords,
              errors: [{ path: "about", message: FILTER_MESSAGES.offensiveWords }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp("/profile");
    await user.selectOptions(await screen.findByLabelText("Gender", {}, firstLoad), "female");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(FILTER_MESSAGES.offensiveWords, {}, firstLoad)).toHaveClass(
      "text-error",
    );
    expect(screen.getByLabelText("About")).toHaveAccessibleDescription(
      expect.stringContaining(FILTER_MESSAGES.offensiveWords),
    );
    expect(screen.getAllByText(FILTER_MESSAGES.offensiveWords)).toHaveLength(1);
  });
});

describe("profile form rules from the shared schema", () => {
  it("shows About over 500 characters, a non-http photo URL and an age out of range before any request", async () => {
    const calls = signedIn(() => undefined);
    const user = userEvent.setup();
    renderApp("/profile");
    await user.selectOptions(await screen.findByLabelText("Gender", {}, firstLoad), "female");
    const about = screen.getByLabelText("About");
    await user.clear(about);
    await user.click(about);
    await user.paste("a".repeat(501));
    expect(screen.getByText("501 / 500")).toHaveClass("text-error");
    await user.type(screen.getByLabelText("Photo URL"), "javascript:alert(1)");
    const age = screen.getByLabelText("Age");
    await user.clear(age);
    await user.type(age, "200");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(about).toHaveAccessibleDescription(/About must be at most 500 characters/);
    expect(screen.getByLabelText("Photo URL")).toHaveAccessibleDescription(
      /Photo URL must be an http\(s\) URL/,
    );
    expect(age).toHaveAccessibleDescription(/Age must be a whole number from 13 to 120/);
    expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(0);
  });
});

describe("what the person wants to learn", () => {
  it("sends only `learning` when that is what changed, and the preview shows it", async () => {
    const saved = { ...sampleMe, gender: "female" as const, learning: ["Guitar", "Pottery"] };
    const calls = signedIn((call) => {
      if (call.path.startsWith("/skills?q=pott")) {
        return {
          body: { status: 1, message: "ok", data: [{ name: "Pottery", aliases: [], people: 2 }] },
        };
      }
      return call.method === "PATCH"
        ? { body: { status: 1, message: MESSAGES.profileSaved, data: saved } }
        : undefined;
    });
    const user = userEvent.setup();
    const { queryClient } = renderApp("/profile");
    await user.selectOptions(await screen.findByLabelText("Gender", {}, firstLoad), "female");
    const learning = screen.getByRole("combobox", { name: "Want to learn" });
    await user.type(learning, "Guitar{Enter}pott");
    await user.click(await screen.findByRole("option", { name: /Pottery/ }));

    const preview = screen.getByRole("complementary", { name: "Live preview" });
    const previewLearning = within(preview).getByRole("list", { name: "Wants to learn" });
    expect(
      within(previewLearning)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Guitar", "Pottery"]);
    // Apart from the skills, which stay as they were.
    expect(
      within(within(preview).getByRole("list", { name: "Skills" })).queryByText("Guitar"),
    ).toBe(null);

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      gender: "female",
      learning: ["Guitar", "Pottery"],
    });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(saved);
  });

  it("is optional: emptying it sends an empty list", async () => {
    setXsrfCookie();
    const calls = mockFetch((call) => {
      if (call.path === "/profile/view") return { body: { ...sampleMe, learning: ["Guitar"] } };
      return call.method === "PATCH"
        ? { body: { status: 1, message: MESSAGES.profileSaved, data: sampleMe } }
        : undefined;
    });
    const user = userEvent.setup();
    renderApp("/profile");
    await user.click(await screen.findByRole("button", { name: "Remove Guitar" }, firstLoad));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ learning: [] });
  });

  it("says the shared rule's limit under the field past 20 skills, and sends nothing", async () => {
    const calls = signedIn(() => undefined);
    const user = userEvent.setup();
    renderApp("/profile");
    await user.selectOptions(await screen.findByLabelText("Gender", {}, firstLoad), "female");
    const learning = screen.getByRole("combobox", { name: "Want to learn" });
    await user.click(learning);
    await user.paste(`${Array.from({ length: 21 }, (_, i) => `skill${i}`).join(",")},`);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(learning).toHaveAccessibleDescription(
      expect.stringContaining(`Add at most ${MAX_LEARNING} skills to learn`),
    );
    expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(0);
  });
});
