import type { FeedCard } from "@kindred/shared";
import { render, screen } from "@testing-library/react";
import { MotionGlobalConfig } from "motion/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { feedCard } from "@/test/feed-fixtures.ts";
import { preferReducedMotion } from "@/test/reduced-motion.ts";
import { SwipeDeck } from "./swipe-deck.tsx";

/** How many times each person's card face was rendered. */
const faceRenders = new Map<string, number>();

vi.mock("@/components/ui/user-card.tsx", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/components/ui/user-card.tsx")>();
  return {
    ...actual,
    UserCard: (props: Parameters<typeof actual.UserCard>[0]) => {
      const id = (props.user as { _id: string })._id;
      faceRenders.set(id, (faceRenders.get(id) ?? 0) + 1);
      return actual.UserCard(props);
    },
  };
});

beforeEach(() => {
  MotionGlobalConfig.skipAnimations = true;
  faceRenders.clear();
});

describe("SwipeDeck", () => {
  it("fetches the top card's photo first and the peeking ones after it", () => {
    render(
      <SwipeDeck
        cards={[feedCard("u1", "Ada"), feedCard("u2", "Grace"), feedCard("u3", "Alan")]}
        exitDirection="interested"
        interactive
        onSwipe={async () => true}
      />,
    );
    const photo = (name: string) =>
      screen.getByRole("img", { name: `${name} Tester`, hidden: true });
    expect(photo("Ada")).toHaveAttribute("fetchpriority", "high");
    expect(photo("Grace")).toHaveAttribute("fetchpriority", "low");
    expect(photo("Alan")).toHaveAttribute("fetchpriority", "low");
  });

  it("leaves the faces of the other cards alone when the top card leaves", () => {
    const [ada, grace, alan, linus] = [
      feedCard("u1", "Ada"),
      feedCard("u2", "Grace"),
      feedCard("u3", "Alan"),
      feedCard("u4", "Linus"),
    ];
    const onSwipe = async () => true;
    const deck = (cards: FeedCard[]) => (
      <SwipeDeck cards={cards} exitDirection="interested" interactive onSwipe={onSwipe} />
    );
    const { rerender } = render(deck([ada, grace, alan, linus]));
    const before = new Map(faceRenders);

    rerender(deck([grace, alan, linus]));

    expect(screen.getByTestId("top-card")).toHaveTextContent("Grace Tester");
    // Grace comes to the top (her photo now goes first); Ada, leaving, and Alan, moving up from
    // the back, show the same face as before.
    expect(faceRenders.get("u2")).toBeGreaterThan(before.get("u2") ?? 0);
    expect(faceRenders.get("u1")).toBe(before.get("u1"));
    expect(faceRenders.get("u3")).toBe(before.get("u3"));
    expect(faceRenders.get("u4")).toBeGreaterThan(0);
  });

  describe("motion", () => {
    beforeEach(() => {
      MotionGlobalConfig.skipAnimations = false;
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    /** Renders three cards, then the deck without the top one; answers Ada's leaving slot. */
    async function adaLeaves() {
      const [ada, grace, alan] = [
        feedCard("u1", "Ada"),
        feedCard("u2", "Grace"),
        feedCard("u3", "Alan"),
      ];
      const deck = (cards: FeedCard[]) => (
        <SwipeDeck
          cards={cards}
          exitDirection="interested"
          interactive
          onSwipe={async () => true}
        />
      );
      const { rerender } = render(deck([ada, grace, alan]));
      rerender(deck([grace, alan]));
      // Two frames: time for a movement to start, far from the 0.3 s a card takes to fly out.
      for (let frame = 0; frame < 2; frame++) {
        await new Promise((done) => requestAnimationFrame(() => done(null)));
      }
      return screen.queryByRole("img", { name: "Ada Tester", hidden: true });
    }

    it("lets a card that leaves fly out", async () => {
      preferReducedMotion(false);
      expect(await adaLeaves()).not.toBeNull();
    });

    it("with reduced motion, takes a card that leaves off the deck at once", async () => {
      preferReducedMotion();
      expect(await adaLeaves()).toBeNull();
    });
  });
});
