import type { FeedCard } from "@kindred/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MotionGlobalConfig } from "motion/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@/config/ui.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { feedCard } from "@/test/feed-fixtures.ts";
import { createTestQueryClient, renderWithQueryClient } from "@/test/query-client.tsx";
import { type FetchCall, mockFetch, type Reply, sampleMe, setXsrfCookie } from "@/test/render.tsx";
import { FeedPage } from "./feed-page.tsx";

const MIT = "Massachusetts Institute of Technology";

/** Discover for a signed-in person with `campus` as their verified university (or none). */
function renderFeed(campus: string | null) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, { ...sampleMe, campus });
  return renderWithQueryClient(
    <MemoryRouter>
      <FeedPage />
    </MemoryRouter>,
    { queryClient },
  );
}

const storedFilters = () =>
  window.localStorage.getItem(`${STORAGE_KEYS.feedFiltersPrefix}${sampleMe._id}`);

function page(cards: FeedCard[]): Reply {
  return { status: 200, body: { status: 1, message: "ok", data: cards, nextCursor: null } };
}

/** The feed's calls, each as its query. */
const feedQueries = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.path.startsWith("/feed"))
    .map((call) => Object.fromEntries(new URL(call.url, "http://localhost").searchParams));

/** Alice everywhere; at my campus, nobody (or Cleo when `campusCards` says so). */
function serveFeed(campusCards: FeedCard[] = []) {
  return mockFetch((call) => {
    if (!call.path.startsWith("/feed")) return undefined;
    return page(call.path.includes("campus=1") ? campusCards : [feedCard("a", "Alice")]);
  });
}

beforeEach(() => {
  MotionGlobalConfig.skipAnimations = true;
  setXsrfCookie();
});
afterEach(() => {
  MotionGlobalConfig.skipAnimations = false;
});

describe("Discover's “My campus” filter", () => {
  it("sends campus=1, keeps it across reloads, and shows it as a chip", async () => {
    const calls = serveFeed([feedCard("c", "Cleo", { campus: MIT })]);
    const user = userEvent.setup();
    const first = renderFeed(MIT);
    await screen.findByRole("heading", { name: "Alice Tester" });

    await user.click(screen.getByRole("button", { name: "Filters" }));
    const panel = screen.getByRole("region", { name: "Filter people" });
    const campus = within(panel).getByRole("checkbox", { name: "My campus" });
    expect(campus).toBeEnabled();
    expect(campus).not.toBeChecked();
    expect(campus).toHaveAccessibleDescription(`Only people from ${MIT}.`);
    await user.click(campus);

    expect(await screen.findByRole("heading", { name: "Cleo Tester" })).toBeInTheDocument();
    expect(campus).toBeChecked();
    expect(feedQueries(calls)).toEqual([{ limit: "10" }, { limit: "10", campus: "1" }]);
    expect(
      within(screen.getByRole("list", { name: "Filters on" })).getByRole("button", {
        name: "Remove “My campus”",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Filters, 1 on" })).toBeInTheDocument();
    await waitFor(() => expect(storedFilters()).toBe(JSON.stringify({ campus: true })));
    first.unmount();

    // A reload: the filter is on from the first page.
    renderFeed(MIT);
    expect(await screen.findByRole("heading", { name: "Cleo Tester" })).toBeInTheDocument();
    expect(feedQueries(calls).at(-1)).toEqual({ limit: "10", campus: "1" });
  });

  it("names the university when nobody from it is left, and 'Clear “My campus”' loosens it", async () => {
    window.localStorage.setItem(
      `${STORAGE_KEYS.feedFiltersPrefix}${sampleMe._id}`,
      JSON.stringify({ campus: true }),
    );
    const calls = serveFeed();
    const user = userEvent.setup();
    renderFeed(MIT);
    expect(await screen.findByText(`Nobody from ${MIT} yet.`)).toBeInTheDocument();
    const loosen = screen.getByRole("navigation", { name: "Loosen the filters" });
    await user.click(within(loosen).getByRole("button", { name: "Clear “My campus”" }));
    expect(await screen.findByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
    expect(feedQueries(calls)).toEqual([{ limit: "10", campus: "1" }, { limit: "10" }]);
    expect(storedFilters()).toBeNull();
  });

  it("is off and cannot be turned on without a university, saying where to add one", async () => {
    // Kept from when this person had a university: it does not apply now.
    window.localStorage.setItem(
      `${STORAGE_KEYS.feedFiltersPrefix}${sampleMe._id}`,
      JSON.stringify({ campus: true }),
    );
    const calls = serveFeed();
    const user = userEvent.setup();
    renderFeed(null);
    expect(await screen.findByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
    expect(feedQueries(calls)).toEqual([{ limit: "10" }]);
    expect(screen.queryByRole("list", { name: "Filters on" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Filters" }));
    const panel = screen.getByRole("region", { name: "Filter people" });
    const campus = within(panel).getByRole("checkbox", { name: "My campus" });
    expect(campus).toBeDisabled();
    expect(campus).not.toBeChecked();
    expect(campus).toHaveAccessibleDescription("Add your university email in Settings");
    expect(
      within(panel).getByRole("link", { name: "Add your university email in Settings" }),
    ).toHaveAttribute("href", "/settings");
    await user.click(campus);
    expect(feedQueries(calls)).toEqual([{ limit: "10" }]);
  });
});
