import type { FeedCard } from "@kindred/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { firstLoad } from "@/test/render.tsx";
import { Deck } from "./deck.tsx";

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

describe("Deck", () => {
  it("paints the first card at once and hands it to the swiping deck when that has loaded", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Deck
          cards={[card("a", "Ada"), card("g", "Grace")]}
          exitDirection="interested"
          interactive
          onSwipe={async () => true}
        />
      </QueryClientProvider>,
    );
    // Before the animation library is here: Ada on top, Grace peeking and hidden from readers.
    expect(screen.getByRole("heading", { name: /Ada/ })).toBeVisible();
    expect(screen.queryByRole("heading", { name: /Grace/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId("top-card")).not.toBeInTheDocument();

    const top = await screen.findByTestId("top-card", {}, firstLoad);
    expect(top).toHaveTextContent("Ada Tester");
    expect(screen.getAllByRole("heading", { name: /Ada/ })).toHaveLength(1);
  });
});
