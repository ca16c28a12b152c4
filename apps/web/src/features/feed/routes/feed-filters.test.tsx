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
import {
  type FetchCall,
  failure,
  mockFetch,
  ok,
  type Reply,
  sampleMe,
  setXsrfCookie,
} from "@/test/render.tsx";
import { FeedPage } from "./feed-page.tsx";

/** Discover for a signed-in person (`sampleMe` unless another id is given). */
function renderFeed(userId = sampleMe._id) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, { ...sampleMe, _id: userId });
  return renderWithQueryClient(
    <MemoryRouter>
      <FeedPage />
    </MemoryRouter>,
    { queryClient },
  );
}

/** The filters as they are kept in this browser for `userId`. */
const storedFilters = (userId = sampleMe._id) =>
  window.localStorage.getItem(`${STORAGE_KEYS.feedFiltersPrefix}${userId}`);

function storeFilters(filters: { teaches?: string; learns?: string }, userId = sampleMe._id) {
  window.localStorage.setItem(
    `${STORAGE_KEYS.feedFiltersPrefix}${userId}`,
    JSON.stringify(filters),
  );
}

/** A feed page answer with its cursor. */
function page(cards: FeedCard[], nextCursor: string | null = null): Reply {
  return { status: 200, body: { status: 1, message: "ok", data: cards, nextCursor } };
}

/** The feed's calls, each as its query: { limit, cursor?, teaches?, learns? }. */
const feedQueries = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.path.startsWith("/feed"))
    .map((call) => Object.fromEntries(new URL(call.url, "http://localhost").searchParams));

const suggestions = [
  { name: "Guitar", aliases: ["guitar"], people: 4 },
  { name: "Guitar repair", aliases: [], people: 1 },
];

beforeEach(() => {
  MotionGlobalConfig.skipAnimations = true;
  setXsrfCookie();
});
afterEach(() => {
  MotionGlobalConfig.skipAnimations = false;
});

describe("Discover's filters", () => {
  it("sends 'Can teach me…' and 'Wants to learn…' as teaches and learns, from the first page", async () => {
    const calls = mockFetch((call) => {
      if (call.path.startsWith("/skills?q=guit")) return ok(suggestions);
      if (!call.path.startsWith("/feed")) return undefined;
      const query = new URL(call.url, "http://localhost").searchParams;
      if (query.get("teaches") === "Guitar" && query.get("learns") === "Python") {
        return page([feedCard("c", "Cleo")]);
      }
      if (query.get("teaches") === "Guitar") {
        // One card and a cursor: the next page is asked for at once, with the same filter.
        return query.get("cursor")
          ? page([feedCard("b2", "Bea")])
          : page([feedCard("b", "Ben")], "c1");
      }
      return page([feedCard("a", "Alice")]);
    });
    const user = userEvent.setup();
    renderFeed();
    await screen.findByRole("heading", { name: "Alice Tester" });

    const toggle = screen.getByRole("button", { name: "Filters" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = screen.getByRole("region", { name: "Filter people" });
    const teaches = await within(panel).findByRole("combobox", { name: "Can teach me…" });
    // Opened from the button, the panel takes the keyboard to its first field.
    expect(teaches).toHaveFocus();
    await user.type(teaches, "guit");
    await within(panel).findByRole("option", { name: /Guitar\s*4 people/ });
    await user.keyboard("{ArrowDown}{Enter}");

    expect(await screen.findByRole("heading", { name: "Ben Tester" })).toBeInTheDocument();
    expect(teaches).toHaveValue("Guitar");
    expect(
      within(screen.getByRole("list", { name: "Filters on" })).getByText("Can teach me: Guitar"),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(feedQueries(calls)).toContainEqual({ limit: "10", cursor: "c1", teaches: "Guitar" }),
    );

    const learns = within(panel).getByRole("combobox", { name: "Wants to learn…" });
    await user.type(learns, "Python{Enter}");
    expect(await screen.findByRole("heading", { name: "Cleo Tester" })).toBeInTheDocument();
    expect(feedQueries(calls)).toEqual([
      { limit: "10" },
      { limit: "10", teaches: "Guitar" },
      { limit: "10", cursor: "c1", teaches: "Guitar" },
      { limit: "10", teaches: "Guitar", learns: "Python" },
    ]);

    // Done closes the panel and gives the keyboard back to the button.
    await user.click(within(panel).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("region", { name: "Filter people" })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAccessibleName("Filters, 2 on");
  });

  it("refuses a skill the profile would refuse, under the field, and asks for nothing", async () => {
    const calls = mockFetch((call) => (call.path.startsWith("/feed") ? page([]) : ok([])));
    const user = userEvent.setup();
    renderFeed();
    await user.click(await screen.findByRole("button", { name: "Filters" }));
    const teaches = await screen.findByRole("combobox", { name: "Can teach me…" });
    await user.type(teaches, `${"x".repeat(31)}{Enter}`);
    // The server's own rule for the filter, from the shared schema.
    expect(teaches).toHaveAccessibleDescription("Can teach me: a skill is at most 30 characters");
    expect(feedQueries(calls)).toEqual([{ limit: "10" }]);
    expect(storedFilters()).toBeNull();
  });

  it("keeps each person's filters in this browser across reloads, and takes one off from its chip", async () => {
    const calls = mockFetch((call) => (call.path.startsWith("/feed") ? page([]) : undefined));
    const user = userEvent.setup();
    const first = renderFeed();
    await user.click(await screen.findByRole("button", { name: "Filters" }));
    await user.type(
      await screen.findByRole("combobox", { name: "Wants to learn…" }),
      "Python{Enter}",
    );
    await waitFor(() => expect(storedFilters()).toBe(JSON.stringify({ learns: "Python" })));
    first.unmount();

    // A reload: the same person finds the filter on, and the first page is asked for with it.
    const reloaded = renderFeed();
    expect(await screen.findByText("Nobody who wants to learn Python yet.")).toBeInTheDocument();
    expect(feedQueries(calls).at(-1)).toEqual({ limit: "10", learns: "Python" });
    reloaded.unmount();

    // Someone else signing in on this browser starts without it.
    renderFeed("u-2");
    expect(await screen.findByText("No new users found!")).toBeInTheDocument();
    expect(feedQueries(calls).at(-1)).toEqual({ limit: "10" });
    expect(screen.queryByRole("list", { name: "Filters on" })).not.toBeInTheDocument();
  });

  it("takes a filter off from its chip and starts the feed again without it", async () => {
    storeFilters({ teaches: "Guitar" });
    const calls = mockFetch((call) =>
      call.path.startsWith("/feed")
        ? page(call.path.includes("teaches=") ? [feedCard("b", "Ben")] : [feedCard("a", "Alice")])
        : undefined,
    );
    const user = userEvent.setup();
    renderFeed();
    expect(await screen.findByRole("heading", { name: "Ben Tester" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove “Can teach me: Guitar”" }));
    expect(await screen.findByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
    expect(feedQueries(calls)).toEqual([{ limit: "10", teaches: "Guitar" }, { limit: "10" }]);
    expect(storedFilters()).toBeNull();
  });
});

describe("Discover's filters with nobody left", () => {
  it("says nobody can teach that skill yet, and 'Clear “Can teach me”' loosens it", async () => {
    storeFilters({ teaches: "Guitar" });
    const calls = mockFetch((call) =>
      call.path.startsWith("/feed")
        ? page(call.path.includes("teaches=") ? [] : [feedCard("a", "Alice")])
        : undefined,
    );
    const user = userEvent.setup();
    renderFeed();
    expect(await screen.findByText("Nobody who can teach you Guitar yet.")).toBeInTheDocument();
    expect(screen.queryByText("No new users found!")).not.toBeInTheDocument();
    const loosen = screen.getByRole("navigation", { name: "Loosen the filters" });
    expect(
      within(loosen)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Clear “Can teach me”"]);
    await user.click(within(loosen).getByRole("button", { name: "Clear “Can teach me”" }));
    expect(await screen.findByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
    expect(feedQueries(calls).at(-1)).toEqual({ limit: "10" });
    expect(storedFilters()).toBeNull();
  });

  it("says nobody wants to learn that skill yet, and 'Clear “Wants to learn”' loosens it", async () => {
    storeFilters({ learns: "Python" });
    mockFetch((call) =>
      call.path.startsWith("/feed")
        ? page(call.path.includes("learns=") ? [] : [feedCard("a", "Alice")])
        : undefined,
    );
    const user = userEvent.setup();
    renderFeed();
    expect(await screen.findByText("Nobody who wants to learn Python yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear “Wants to learn”" }));
    expect(await screen.findByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
  });

  it("names both filters when both are on, with a button for each", async () => {
    storeFilters({ teaches: "Guitar", learns: "Python" });
    const calls = mockFetch((call) =>
      call.path.startsWith("/feed")
        ? page(call.path.includes("teaches=") ? [] : [feedCard("c", "Cleo")])
        : undefined,
    );
    const user = userEvent.setup();
    renderFeed();
    expect(
      await screen.findByText("Nobody who can teach you Guitar and wants to learn Python yet."),
    ).toBeInTheDocument();
    const loosen = screen.getByRole("navigation", { name: "Loosen the filters" });
    await user.click(within(loosen).getByRole("button", { name: "Clear “Can teach me”" }));
    expect(await screen.findByRole("heading", { name: "Cleo Tester" })).toBeInTheDocument();
    expect(feedQueries(calls).at(-1)).toEqual({ limit: "10", learns: "Python" });
  });

  it("shows the server's reason for a refused filter, with the way to clear it", async () => {
    storeFilters({ teaches: "Guitar" });
    mockFetch((call) => {
      if (!call.path.startsWith("/feed")) return undefined;
      return call.path.includes("teaches=")
        ? failure(400, "VALIDATION_ERROR", "That skill cannot be used as a filter")
        : page([feedCard("a", "Alice")]);
    });
    const user = userEvent.setup();
    renderFeed();
    expect(await screen.findByText("That skill cannot be used as a filter")).toBeInTheDocument();
    expect(screen.queryByText("Uh oh, feed failed to load!")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear “Can teach me”" }));
    expect(await screen.findByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
  });
});

describe("Discover's cards", () => {
  it("say what the two can teach each other, above what they share", async () => {
    mockFetch((call) =>
      call.path.startsWith("/feed")
        ? page([
            feedCard("m", "Maya", {
              gender: "female",
              matchingSkills: ["Chess"],
              exchange: { teachesMe: ["Guitar"], learnsFromMe: ["Python"] },
              learning: ["Python"],
            }),
          ])
        : undefined,
    );
    renderFeed();
    const card = await screen.findByRole("article", { name: "Maya Tester" });
    expect(
      within(card).getByText("Maya can teach you Guitar · you can teach her Python"),
    ).toBeInTheDocument();
    expect(
      within(within(card).getByRole("list", { name: "Wants to learn" })).getByText("Python"),
    ).toBeInTheDocument();
  });
});
