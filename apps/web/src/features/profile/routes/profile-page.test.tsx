import { MESSAGES } from "@kindred/shared";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { queryKeys } from "../../../lib/query-client.ts";
import {
  type FetchCall,
  firstLoad,
  mockFetch,
  renderApp,
  sampleMe,
  setXsrfCookie,
} from "../../../test/render.tsx";

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

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText(MESSAGES.invalidGender)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText(MESSAGES.invalidGender)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
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
    expect(patch?.body).toMatchObject({
      gender: "other",
      about: "Updated about",
      skills: sampleMe.skills,
      // The generated avatar is not sent back as the user's own photo.
      photoUrl: "",
    });
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(saved);

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText(MESSAGES.profileSaved)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(MESSAGES.profileSaved)).not.toBeInTheDocument();
  });

  it("shows the server's message under the form when saving fails", async () => {
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
    expect(await screen.findByRole("alert", {}, firstLoad)).toHaveTextContent(
      "Some fields need attention",
    );
    expect(screen.getByText("Age must be a whole number from 13 to 120")).toHaveClass("text-error");
  });
});
