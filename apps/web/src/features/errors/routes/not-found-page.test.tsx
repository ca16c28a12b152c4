import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { firstLoad, mockFetch, renderApp, unauthenticated } from "@/test/render.tsx";

describe("not-found page", () => {
  it("shows the 404 texts for an unknown path and goes home from its button", async () => {
    mockFetch((call) => (call.path === "/profile/view" ? unauthenticated : undefined));
    const { router } = renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Oops!" }, firstLoad)).toBeInTheDocument();
    expect(screen.getByText("404 - PAGE NOT FOUND")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "GO TO HOMEPAGE" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"), firstLoad);
  });

  it("is also served at /not-found", async () => {
    renderApp("/not-found");
    expect(await screen.findByText("404 - PAGE NOT FOUND", {}, firstLoad)).toBeInTheDocument();
  });
});
