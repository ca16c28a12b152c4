import { AGE_MESSAGES } from "@kindred/shared";
import type { QueryClient } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MotionGlobalConfig } from "motion/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PUSH_MESSAGES } from "@/config/copy.ts";
import { PROGRAMMER_JOKES } from "@/features/feed/components/feed-failure.tsx";
import { earlyReadsSettled, startEarlyReads } from "@/lib/early-reads.ts";
import { createQueryClient, queryKeys } from "@/lib/query-client.ts";
import { preloadFetches } from "@/test/early-reads.ts";
import { installPushBrowser, removePushBrowser } from "@/test/fake-push.ts";
import { feedCard } from "@/test/feed-fixtures.ts";
import { createTestQueryClient, renderWithQueryClient } from "@/test/query-client.tsx";
import {
  deferred,
  type FetchCall,
  failure,
  mockFetch,
  ok,
  type Reply,
  sampleMe,
  setXsrfCookie,
} from "@/test/render.tsx";
import { FeedPage } from "./feed-page.tsx";

let calls: FetchCall[];

const sent: Reply = { status: 201, body: { status: 1, message: "sent", data: {} } };
const boom = failure(500, "INTERNAL", "Boom");

function renderFeed(queryClient?: QueryClient) {
  return renderWithQueryClient(
    <MemoryRouter>
      <FeedPage />
    </MemoryRouter>,
    { queryClient },
  );
}

const topName = () => screen.getByTestId("top-card").querySelector("h2")?.textContent;

beforeEach(() => {
  MotionGlobalConfig.skipAnimations = true;
  setXsrfCookie();
});
afterEach(() => {
  MotionGlobalConfig.skipAnimations = false;
  removePushBrowser();
});

describe("FeedPage", () => {
  it("paints the first cards the page read early at once, without asking for them again", async () => {
    calls = mockFetch(() => ok([feedCard("a", "Alice"), feedCard("b", "Bob")]));
    const forget = preloadFetches("/api/feed?limit=10");
    try {
      startEarlyReads();
      await earlyReadsSettled();
      // The app's own cache settings: an answer is fresh for a while.
      renderFeed(createQueryClient());
      // The first render already has the cards: no loading state in between.
      expect(screen.getByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
      expect(screen.queryByRole("status", { name: /loading/i })).not.toBeInTheDocument();
      // Today's picks are a read of their own; the feed is not asked for again.
      expect(calls.map((call) => call.path).filter((path) => path.startsWith("/feed"))).toEqual([
        "/feed?limit=10",
      ]);
    } finally {
      forget();
    }
  });

  it("offers push notifications after the first request, not on load or after an ignore", async () => {
    const browser = installPushBrowser();
    calls = mockFetch((call) =>
      call.url.includes("/request/send/")
        ? sent
        : ok([feedCard("a", "Alice"), feedCard("b", "Bob")]),
    );
    renderFeed();
    const prompt = { name: PUSH_MESSAGES.promptTitle };
    await screen.findByRole("heading", { name: "Alice Tester" });
    expect(screen.queryByRole("region", prompt)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Ignore" }));
    await screen.findByRole("heading", { name: "Bob Tester" });
    expect(screen.queryByRole("region", prompt)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Interested" }));
    expect(await screen.findByRole("region", prompt)).toBeInTheDocument();
    expect(browser.prompts).toBe(0);
  });

  it("does not offer push after a request that failed; it does once one is sent", async () => {
    installPushBrowser();
    let failNext = true;
    calls = mockFetch((call) => {
      if (!call.url.includes("/request/send/"))
        return ok([feedCard("a", "Alice"), feedCard("b", "Bob")]);
      if (failNext) {
        failNext = false;
        return boom;
      }
      return sent;
    });
    renderFeed();
    const prompt = { name: PUSH_MESSAGES.promptTitle };
    await screen.findByRole("heading", { name: "Alice Tester" });
    await userEvent.click(screen.getByRole("button", { name: "Interested" }));
    // The failed request puts Alice back on top, with no offer.
    await waitFor(() => expect(topName()).toBe("Alice Tester"));
    expect(screen.queryByRole("region", prompt)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Interested" }));
    expect(await screen.findByRole("region", prompt)).toBeInTheDocument();
  });

  it("shows the heading and 'Loading...' while the feed loads", () => {
    calls = mockFetch(() => new Promise<never>(() => {}));
    renderFeed();
    expect(screen.getByRole("heading", { name: "Discover People" })).toBeInTheDocument();
    expect(
      screen.getByText("Swipe right if you're interested. Swipe left to ignore."),
    ).toBeInTheDocument();
    expect(screen.getByText("Loading...")).toBeInTheDocument();
  });

  it("shows 'No new users found!' when the feed is empty, with the next steps", async () => {
    calls = mockFetch(() => ok([]));
    renderFeed();
    expect(await screen.findByText("No new users found!")).toBeInTheDocument();
    const next = screen.getByRole("navigation", { name: "What next" });
    expect(within(next).getByRole("link", { name: "Add skills to your profile" })).toHaveAttribute(
      "href",
      "/profile",
    );
    expect(within(next).getByRole("link", { name: "Find people by interest" })).toHaveAttribute(
      "href",
      "/services/matching",
    );
    expect(within(next).getByRole("link", { name: "Browse study groups" })).toHaveAttribute(
      "href",
      "/services/groups",
    );
  });

  it("shows the failure panel with a joke, another joke on demand, and retries", async () => {
    let fail = true;
    calls = mockFetch(() => (fail ? boom : ok([feedCard("a", "Alice")])));
    renderFeed();
    expect(await screen.findByText("Uh oh, feed failed to load!")).toBeInTheDocument();
    expect(screen.getByText("Failed to load feed. Please try again.")).toBeInTheDocument();
    const joke = screen.getByTestId("feed-joke").textContent;
    expect(PROGRAMMER_JOKES).toContain(joke);

    await userEvent.click(screen.getByRole("button", { name: "Another Joke" }));
    const next = screen.getByTestId("feed-joke").textContent;
    expect(PROGRAMMER_JOKES).toContain(next);
    expect(next).not.toBe(joke);

    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
    // One quick automatic retry before the panel, then the Try Again.
    expect(calls.filter((c) => c.url.includes("/feed"))).toHaveLength(3);
  });

  it("shows the shared-skill count and highlights the shared skills", async () => {
    calls = mockFetch(() => ok([feedCard("a", "Alice", { matchingSkills: ["React", "Chess"] })]));
    renderFeed();
    expect(await screen.findByText("2+")).toBeInTheDocument();
    expect(screen.getByText("React").closest("li")).toHaveAttribute("data-shared", "true");
    expect(screen.getByText("Go").closest("li")).not.toHaveAttribute("data-shared");
  });

  it("shows a card's university with a cap, and none on a card without one", async () => {
    const university = "Universidad Nacional Autónoma de México, Facultad de Ciencias";
    calls = mockFetch(() => ok([feedCard("a", "Alice", { campus: university })]));
    const { unmount } = renderFeed();
    await screen.findByRole("heading", { name: "Alice Tester" });
    const alice = screen.getByRole("article", { name: "Alice Tester" });
    expect(within(alice).getByTestId("campus-badge")).toHaveAttribute("title", university);
    expect(within(alice).getByText(university)).toHaveClass("truncate");
    unmount();

    calls = mockFetch(() => ok([feedCard("b", "Bob")]));
    renderFeed();
    await screen.findByRole("heading", { name: "Bob Tester" });
    expect(screen.queryByTestId("campus-badge")).not.toBeInTheDocument();
  });

  /**
   * Alice and Bob in the feed, Alice on top. The decision's request waits for `send.answer`: the
   * card must leave before the server answers.
   */
  async function feedHoldingTheDecision() {
    const send = deferred();
    calls = mockFetch((call) => {
      if (call.url.includes("/request/send/")) return send.reply;
      return ok([feedCard("a", "Alice"), feedCard("b", "Bob")]);
    });
    renderFeed();
    await screen.findByRole("heading", { name: "Alice Tester" });
    return send;
  }

  it("sends interested from the button and removes the card at once", async () => {
    const send = await feedHoldingTheDecision();
    expect(topName()).toBe("Alice Tester");

    await userEvent.click(screen.getByRole("button", { name: "Interested" }));
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Alice Tester" })).not.toBeInTheDocument(),
    );
    expect(topName()).toBe("Bob Tester");
    // The request starts once the frame without the card is painted.
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "POST", url: "/api/request/send/interested/a" }),
      ),
    );
    send.answer(sent);
  });

  it("removes the card at once and puts it back on top when the button's request fails", async () => {
    const send = await feedHoldingTheDecision();
    await userEvent.click(screen.getByRole("button", { name: "Ignore" }));
    await waitFor(() => expect(topName()).toBe("Bob Tester"));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "POST", url: "/api/request/send/ignored/a" }),
      ),
    );

    send.answer(boom);
    await waitFor(() => expect(topName()).toBe("Alice Tester"));
    // A decision that did not happen cannot be undone.
    expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
  });

  it("sends ignored on ArrowLeft and interested on ArrowRight", async () => {
    calls = mockFetch((call) =>
      call.url.includes("/request/send/")
        ? sent
        : ok([feedCard("a", "Alice"), feedCard("b", "Bob"), feedCard("c", "Cleo")]),
    );
    renderFeed();
    await screen.findByRole("heading", { name: "Alice Tester" });

    await userEvent.keyboard("{ArrowLeft}");
    await waitFor(() => expect(topName()).toBe("Bob Tester"));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "POST", url: "/api/request/send/ignored/a" }),
      ),
    );

    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(topName()).toBe("Cleo Tester"));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "POST", url: "/api/request/send/interested/b" }),
      ),
    );
  });

  it("leaves the arrow keys alone while typing in a text field", async () => {
    calls = mockFetch(() => ok([feedCard("a", "Alice")]));
    render(<input aria-label="Search" />);
    renderFeed();
    await screen.findByRole("heading", { name: "Alice Tester" });
    await userEvent.click(screen.getByRole("textbox", { name: "Search" }));
    await userEvent.keyboard("{ArrowLeft}");
    expect(topName()).toBe("Alice Tester");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("loads the next page by cursor before the stack runs out, skipping no one", async () => {
    const everyone = Array.from({ length: 14 }, (_, i) => feedCard(`u${i}`, `Person${i}`));
    const decided = new Set<string>();
    calls = mockFetch((call) => {
      const match = call.url.match(/\/request\/send\/\w+\/(\w+)/);
      if (match?.[1]) {
        decided.add(match[1]);
        return sent;
      }
      // The server's queue: a cursor is a place in it, whatever was decided since.
      const url = new URL(call.url, "http://localhost");
      expect(url.searchParams.get("page")).toBeNull();
      const from = Number(url.searchParams.get("cursor") ?? 0);
      const limit = Number(url.searchParams.get("limit"));
      const data = everyone.slice(from, from + limit).filter((c) => !decided.has(c._id));
      const next = from + limit < everyone.length ? String(from + limit) : null;
      return { status: 200, body: { status: 1, message: "ok", data, nextCursor: next } };
    });
    renderFeed();
    await screen.findByRole("heading", { name: "Person0 Tester" });
    for (let i = 0; i < 7; i++) {
      await userEvent.keyboard("{ArrowLeft}");
      await waitFor(() => expect(topName()).toBe(`Person${i + 1} Tester`));
    }
    // Three left in hand: the next page is asked for by the first page's cursor.
    await waitFor(() => expect(calls.some((c) => c.url.includes("cursor=10"))).toBe(true));
    for (let i = 7; i < 13; i++) {
      await userEvent.keyboard("{ArrowLeft}");
      await waitFor(() => expect(topName()).toBe(`Person${i + 1} Tester`));
    }
    await userEvent.keyboard("{ArrowLeft}");
    expect(await screen.findByText("No new users found!")).toBeInTheDocument();
    await waitFor(() => expect(decided.size).toBe(14));
    expect(calls.filter((c) => c.url.includes("/feed"))).toHaveLength(2);
  });
});

describe("FeedPage without an age", () => {
  it("asks for the age inline, checks it with the profile's rule, saves it and then shows people", async () => {
    let saved = false;
    calls = mockFetch((call) => {
      if (call.path === "/profile/edit") {
        saved = true;
        return ok({ ...sampleMe, age: 19 });
      }
      return saved ? ok([feedCard("a", "Alice")]) : ok([]);
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.me, { ...sampleMe, age: null });
    renderFeed(queryClient);
    const user = userEvent.setup();

    expect(await screen.findByText(AGE_MESSAGES.addAgePrompt)).toBeInTheDocument();
    const age = screen.getByLabelText("Your age");
    await user.click(screen.getByRole("button", { name: "Save age" }));
    expect(age).toHaveAccessibleDescription("Enter your age");
    await user.type(age, "12");
    await user.click(screen.getByRole("button", { name: "Save age" }));
    expect(age).toHaveAccessibleDescription(/Age must be a whole number from 13 to 120/);
    expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(0);

    await user.clear(age);
    await user.type(age, "19");
    await user.click(screen.getByRole("button", { name: "Save age" }));
    expect(await screen.findByRole("heading", { name: "Alice Tester" })).toBeInTheDocument();
    expect(screen.queryByText(AGE_MESSAGES.addAgePrompt)).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ age: 19 });
  });
});
