import { MESSAGES } from "@kindred/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  firstLoad,
  mockFetch,
  renderApp,
  sampleMe,
  setXsrfCookie,
  unauthenticated,
} from "../../../test/render.tsx";

const publicUser = {
  _id: "u-2",
  firstName: "Lena",
  lastName: "Berg",
  photoUrl: "/api/avatars/u-2.svg",
  age: 31,
  gender: "other",
  about: "Chess and rust.",
  skills: ["chess", "rust", "hiking"],
  socialLinks: { instagramLink: "https://instagram.com/lena", otherLink: "javascript:alert(1)" },
};

describe("public profile page", () => {
  it("shows 'Loading...', then the person with only safe links, and sends Connect", async () => {
    setXsrfCookie();
    const calls = mockFetch((call) => {
      if (call.path === "/get_public_profile/p-2")
        return { body: { status: 1, message: "ok", data: publicUser } };
      if (call.path === "/profile/view") return { body: sampleMe };
      if (call.path === "/request/send/interested/u-2") {
        return { status: 201, body: { status: 1, message: "ok", data: {} } };
      }
      return undefined;
    });
    renderApp("/GetToKnowMe/p-2");
    expect(await screen.findByText(MESSAGES.loading, {}, firstLoad)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Lena" })).toBeInTheDocument();
    expect(screen.getByText("Lena Berg")).toBeInTheDocument();
    const instagram = screen.getByRole("link", { name: "Instagram" });
    expect(instagram).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.queryByRole("link", { name: "Website" })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole("button", { name: "Connect" }));
    expect(await screen.findByText(MESSAGES.requestSent)).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(true);
  });

  it("sends a signed-out visitor who presses Connect to /login", async () => {
    mockFetch((call) => {
      if (call.path === "/get_public_profile/p-2")
        return { body: { status: 1, message: "ok", data: publicUser } };
      if (call.path === "/profile/view") return unauthenticated;
      return undefined;
    });
    const { router } = renderApp("/GetToKnowMe/p-2");
    await userEvent.click(await screen.findByRole("button", { name: "Connect" }, firstLoad));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), firstLoad);
  });

  it("goes to /not-found when the profile cannot be loaded", async () => {
    mockFetch((call) => (call.path === "/profile/view" ? unauthenticated : undefined));
    const { router } = renderApp("/GetToKnowMe/missing");
    await waitFor(() => expect(router.state.location.pathname).toBe("/not-found"), firstLoad);
    expect(router.state.historyAction).toBe("REPLACE");
  });
});
