import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { preferReducedMotion } from "@/test/reduced-motion.ts";
import { firstLoad, mockFetch, ok, renderApp } from "@/test/render.tsx";

describe("landing page", () => {
  it("counts the people, connections and interests the server reports", async () => {
    preferReducedMotion();
    const calls = mockFetch((call) =>
      call.path === "/stats" ? ok({ users: 1_234, connections: 567, interests: 89 }) : undefined,
    );
    renderApp("/");
    const numbers = await screen.findByRole("region", { name: "Kindred in numbers" }, firstLoad);
    // The counters' code follows the first paint; until it is in, the same cards show 0.
    await within(numbers).findAllByTestId("stat-value", {}, firstLoad);
    await waitFor(() =>
      expect(
        within(numbers)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(["1,234People on Kindred", "567Connections made", "89Interests shared"]),
    );
    expect(calls.filter((call) => call.path === "/stats")).toHaveLength(1);
  });

  it("shows three stories, each marked as an example and none as a member's quote", async () => {
    preferReducedMotion();
    mockFetch((call) =>
      call.path === "/stats" ? ok({ users: 1, connections: 0, interests: 3 }) : undefined,
    );
    renderApp("/");
    const stories = await screen.findByRole(
      "region",
      { name: "What people use Kindred for" },
      firstLoad,
    );
    expect(
      within(stories).getByText(
        "Examples written by the Kindred team to show how it works, not quotes from members.",
      ),
    ).toBeVisible();
    const cards = within(stories).getAllByRole("listitem");
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(within(card).getByText("Example")).toBeVisible();
  });
});
