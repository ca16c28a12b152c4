import type { FeedCard } from "@kindred/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MotionGlobalConfig } from "motion/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-client.ts";
import { feedCard, picksAnswer } from "@/test/feed-fixtures.ts";
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

// jsdom has no modal dialogs (this file's own window: vitest isolates test files).
HTMLDialogElement.prototype.showModal ??= function open(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function shut(this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

const maya = feedCard("m", "Maya", {
  lastName: "Okonkwo-Featherstonehaugh",
  gender: "female",
  exchange: { teachesMe: ["Guitar"], learnsFromMe: ["Python"] },
});
const noor = feedCard("n", "Noor", { matchingSkills: ["Chess"], sharedInYourWords: ["chess"] });
const omar = feedCard("o", "Omar", { related: ["Vue"], relatedToYours: [] });
/** The deck under the strip: nobody of today's picks. */
const deck = [feedCard("a", "Alice"), feedCard("b", "Bob")];

const sent: Reply = { status: 201, body: { status: 1, message: "sent", data: { _id: "r-1" } } };

let calls: FetchCall[];

/** Discover with `picks` as today's picks; a decision is answered by `decision` (sent). */
function renderWithPicks(
  picks: FeedCard[],
  decision: (call: FetchCall) => Reply | Promise<Reply> = () => sent,
) {
  calls = mockFetch((call) => {
    if (call.path === "/picks") return { body: picksAnswer(picks) };
    if (call.path.startsWith("/feed")) return ok(deck);
    if (call.method === "POST" && call.path.startsWith("/request/send/")) return decision(call);
    return undefined;
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.me, sampleMe);
  return renderWithQueryClient(
    <MemoryRouter>
      <FeedPage />
    </MemoryRouter>,
    { queryClient },
  );
}

const strip = () => screen.getByRole("region", { name: "Today's picks" });
const pickNames = () =>
  within(strip())
    .getAllByRole("listitem")
    .map((item) => item.querySelector("[title]")?.textContent);
const topName = () => screen.getByTestId("top-card").querySelector("h2")?.textContent;

beforeEach(() => {
  MotionGlobalConfig.skipAnimations = true;
  setXsrfCookie();
});
afterEach(() => {
  MotionGlobalConfig.skipAnimations = false;
});

describe("Today's picks on Discover", () => {
  it("shows each pick above the deck with one line saying why: the trade, else what is shared", async () => {
    renderWithPicks([maya, noor, omar]);
    const region = await screen.findByRole("region", { name: "Today's picks" });
    expect(pickNames()).toEqual(["Maya Okonkwo-Featherstonehaugh", "Noor Tester", "Omar Tester"]);
    // The card's own sentences; the full text stays readable where the line is cut.
    expect(
      within(region).getByText("Maya can teach you Guitar · you can teach her Python"),
    ).toHaveAttribute("title", "Maya can teach you Guitar · you can teach her Python");
    expect(within(region).getByText("You both know chess")).toBeInTheDocument();
    expect(within(region).getByText("Close to your skills: Vue")).toBeInTheDocument();
    // A long name is cut on screen and kept whole in its title.
    expect(within(region).getByText("Maya Okonkwo-Featherstonehaugh")).toHaveClass("truncate");
    // Each pick opens the person's card and can be decided on, by name.
    expect(
      within(region).getByRole("button", { name: /^Maya Okonkwo-Featherstonehaugh/ }),
    ).toHaveAttribute("aria-haspopup", "dialog");
    expect(
      within(region).getByRole("button", { name: "Ignore Maya Okonkwo-Featherstonehaugh" }),
    ).toBeInTheDocument();
    expect(
      within(region).getByRole("button", { name: "Interested in Noor Tester" }),
    ).toBeInTheDocument();
  });

  it("is not drawn when there are no picks today", async () => {
    renderWithPicks([]);
    await screen.findByRole("heading", { name: "Alice Tester" });
    await waitFor(() => expect(calls.map((call) => call.path)).toContain("/picks"));
    expect(screen.queryByRole("region", { name: "Today's picks" })).not.toBeInTheDocument();
    expect(screen.queryByText("Today's picks")).not.toBeInTheDocument();
  });

  it("sends interest from a pick, takes it out of the strip at once and leaves the deck as it was", async () => {
    const send = deferred();
    renderWithPicks([maya, noor], () => send.reply);
    await screen.findByRole("region", { name: "Today's picks" });
    await screen.findByRole("heading", { name: "Alice Tester" });

    await userEvent.click(screen.getByRole("button", { name: "Interested in Noor Tester" }));
    // Gone before the server answers.
    await waitFor(() => expect(pickNames()).toEqual(["Maya Okonkwo-Featherstonehaugh"]));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "POST", url: "/api/request/send/interested/n" }),
      ),
    );
    // Focus moves to the pick that is left, so the keyboard keeps its place.
    expect(screen.getByRole("button", { name: /^Maya Okonkwo-Featherstonehaugh/ })).toHaveFocus();
    expect(topName()).toBe("Alice Tester");
    send.answer(sent);
  });

  it("ignores a pick from its card and hides the strip once no pick is left", async () => {
    renderWithPicks([noor]);
    await screen.findByRole("region", { name: "Today's picks" });
    await userEvent.click(screen.getByRole("button", { name: /^Noor Tester/ }));
    const dialog = screen.getByRole("dialog", { name: "Today's pick" });
    expect(within(dialog).getByRole("heading", { name: "Noor Tester" })).toBeInTheDocument();
    // The arrow keys are the deck's, not while a pick's card is open (showModal puts focus in it).
    act(() => within(dialog).getByRole("button", { name: "Interested" }).focus());
    await userEvent.keyboard("{ArrowRight}");
    expect(topName()).toBe("Alice Tester");

    await userEvent.click(within(dialog).getByRole("button", { name: "Ignore" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Today's picks" })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "POST", url: "/api/request/send/ignored/n" }),
      ),
    );
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
    expect(topName()).toBe("Alice Tester");
  });

  it("puts a pick back where it was when its request fails", async () => {
    const send = deferred();
    renderWithPicks([maya, noor, omar], () => send.reply);
    await screen.findByRole("region", { name: "Today's picks" });
    await userEvent.click(screen.getByRole("button", { name: "Ignore Noor Tester" }));
    await waitFor(() =>
      expect(pickNames()).toEqual(["Maya Okonkwo-Featherstonehaugh", "Omar Tester"]),
    );

    send.answer(failure(500, "INTERNAL", "Boom"));
    await waitFor(() =>
      expect(pickNames()).toEqual(["Maya Okonkwo-Featherstonehaugh", "Noor Tester", "Omar Tester"]),
    );
    // Not on the deck, where Noor never was.
    expect(topName()).toBe("Alice Tester");
    expect(screen.queryByRole("heading", { name: "Noor Tester" })).not.toBeInTheDocument();
  });

  it("takes a person decided on the deck out of today's picks too", async () => {
    const alice = deck[0] as FeedCard;
    renderWithPicks([alice, noor]);
    await screen.findByRole("region", { name: "Today's picks" });
    await screen.findByRole("heading", { name: "Alice Tester" });
    await userEvent.click(screen.getByRole("button", { name: "Interested" }));
    await waitFor(() => expect(pickNames()).toEqual(["Noor Tester"]));
    expect(topName()).toBe("Bob Tester");
  });
});
