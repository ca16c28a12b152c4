import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/config/copy.ts";
import { firstLoad, mockFetch, renderApp, setXsrfCookie, unauthenticated } from "@/test/render.tsx";

const publicUser = {
  _id: "u-2",
  firstName: "Lena",
  lastName: "Berg",
  photoUrl: "/api/avatars/u-2.svg",
  age: 31,
  gender: "other",
  about: "Chess and rust.",
  skills: ["chess", "rust", "hiking"],
  learning: [] as string[],
  socialLinks: { instagramLink: "https://instagram.com/lena", otherLink: "javascript:alert(1)" },
};

describe("public profile page", () => {
  it("shows 'Loading...', then the person with only safe links, and sends Connect", async () => {
    setXsrfCookie();
    const calls = mockFetch((call) => {
      if (call.path === "/get_public_profile/p-2")
        return {
          body: { status: 1, message: "ok", data: { ...publicUser, relationship: "none" } },
        };
      if (call.path === "/request/send/interested/u-2") {
        return { status: 201, body: { status: 1, message: "ok", data: {} } };
      }
      return undefined;
    });
    renderApp("/GetToKnowMe/p-2");
    expect(await screen.findByText(MESSAGES.loading, {}, firstLoad)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Lena" }, firstLoad)).toBeInTheDocument();
    expect(screen.getByText("Lena Berg")).toBeInTheDocument();
    const instagram = screen.getByRole("link", { name: "Instagram" });
    expect(instagram).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.queryByRole("link", { name: "Website" })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole("button", { name: "Connect" }));
    expect(await screen.findByText(MESSAGES.requestSent)).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(true);
  });

  it("sends a visitor who presses Connect to /login with the way back, making no failing call", async () => {
    const calls = mockFetch((call) => {
      if (call.path === "/get_public_profile/p-2")
        return { body: { status: 1, message: "ok", data: publicUser } };
      return unauthenticated;
    });
    const { router } = renderApp("/GetToKnowMe/p-2");
    expect(await screen.findByRole("link", { name: "Login" }, firstLoad)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Connect" }, firstLoad));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), firstLoad);
    expect(router.state.location.search).toBe("?returnTo=%2FGetToKnowMe%2Fp-2");
    expect(calls.map((call) => call.path)).toEqual(["/get_public_profile/p-2"]);
  });

  it.each([
    ["sent", "Request sent"],
    ["connected", "Connected"],
  ] as const)(
    "shows a %s relationship on a disabled button instead of Connect",
    async (relationship, label) => {
      mockFetch((call) =>
        call.path === "/get_public_profile/p-2"
          ? { body: { status: 1, message: "ok", data: { ...publicUser, relationship } } }
          : undefined,
      );
      renderApp("/GetToKnowMe/p-2");
      expect(await screen.findByRole("button", { name: label }, firstLoad)).toBeDisabled();
      expect(screen.queryByRole("button", { name: "Connect" })).not.toBeInTheDocument();
    },
  );

  it("shows what the person wants to learn apart from their skills", async () => {
    mockFetch((call) =>
      call.path === "/get_public_profile/p-2"
        ? {
            body: {
              status: 1,
              message: "ok",
              data: { ...publicUser, learning: ["Guitar", "Pottery"], relationship: "none" },
            },
          }
        : undefined,
    );
    renderApp("/GetToKnowMe/p-2");
    const learning = await screen.findByRole("region", { name: "Wants to learn" }, firstLoad);
    expect(
      within(learning)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Guitar", "Pottery"]);
    const skills = screen.getByRole("region", { name: "Skills" });
    expect(within(skills).queryByText("Guitar")).not.toBeInTheDocument();
  });

  it("shows no learning section for someone who named nothing to learn", async () => {
    mockFetch((call) =>
      call.path === "/get_public_profile/p-2"
        ? { body: { status: 1, message: "ok", data: { ...publicUser, relationship: "none" } } }
        : undefined,
    );
    renderApp("/GetToKnowMe/p-2");
    expect(await screen.findByRole("region", { name: "Skills" }, firstLoad)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Wants to learn" })).not.toBeInTheDocument();
  });

  it("shows the person's university under the name, and no badge without one", async () => {
    const university = "Massachusetts Institute of Technology";
    mockFetch((call) =>
      call.path === "/get_public_profile/p-2"
        ? { body: { status: 1, message: "ok", data: { ...publicUser, campus: university } } }
        : undefined,
    );
    const { unmount } = renderApp("/GetToKnowMe/p-2");
    expect(await screen.findByRole("heading", { name: "Lena" }, firstLoad)).toBeInTheDocument();
    const badge = screen.getByTestId("campus-badge");
    expect(badge).toHaveTextContent(`University: ${university}`);
    expect(badge).toHaveAttribute("title", university);
    unmount();

    mockFetch((call) =>
      call.path === "/get_public_profile/p-2"
        ? { body: { status: 1, message: "ok", data: { ...publicUser, campus: null } } }
        : undefined,
    );
    renderApp("/GetToKnowMe/p-2");
    expect(await screen.findByRole("heading", { name: "Lena" }, firstLoad)).toBeInTheDocument();
    expect(screen.queryByTestId("campus-badge")).not.toBeInTheDocument();
  });

  it("goes to /not-found when the profile cannot be loaded", async () => {
    mockFetch(() => undefined);
    const { router } = renderApp("/GetToKnowMe/missing");
    await waitFor(() => expect(router.state.location.pathname).toBe("/not-found"), firstLoad);
    expect(router.state.historyAction).toBe("REPLACE");
  });
});
