import type { FeedCard } from "@kindred/shared";
import { render, screen } from "@testing-library/react";
import { MotionGlobalConfig } from "motion/react";
import { beforeEach, describe, expect, it } from "vitest";
import { SwipeDeck } from "./swipe-deck.tsx";

function card(id: string, firstName: string): FeedCard {
  return {
    _id: id,
    firstName,
    lastName: "Tester",
    photoUrl: `/api/avatars/${id}.svg`,
    photo: null,
    age: 25,
    gender: "other",
    about: `About ${firstName}`,
    skills: ["React", "Go", "Chess"],
    matchingSkills: [],
    related: [],
    sharedInYourWords: [],
    relatedToYours: [],
  };
}

beforeEach(() => {
  MotionGlobalConfig.skipAnimations = true;
});

describe("SwipeDeck", () => {
  it("fetches the top card's photo first and the peeking ones after it", () => {
    render(
      <SwipeDeck
        cards={[card("u1", "Ada"), card("u2", "Grace"), card("u3", "Alan")]}
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
});
