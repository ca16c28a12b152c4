import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { feedCard } from "@/test/feed-fixtures.ts";
import { renderWithQueryClient } from "@/test/query-client.tsx";
import { firstLoad } from "@/test/render.tsx";
import { Deck, StillDeck } from "./deck.tsx";

describe("Deck", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("paints the first card at once and hands it to the swiping deck when that has loaded", async () => {
    renderWithQueryClient(
      <Deck
        cards={[feedCard("a", "Ada"), feedCard("g", "Grace")]}
        exitDirection="interested"
        interactive
        onSwipe={async () => true}
      />,
    );
    // Before the animation library is here: Ada alone; Grace comes with the swiping deck.
    expect(screen.getByRole("heading", { name: /Ada/ })).toBeVisible();
    expect(screen.queryByRole("heading", { name: /Grace/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId("top-card")).not.toBeInTheDocument();

    const top = await screen.findByTestId("top-card", {}, firstLoad);
    expect(top).toHaveTextContent("Ada Tester");
    expect(screen.getAllByRole("heading", { name: /Ada/ })).toHaveLength(1);
  });
});

describe("StillDeck (the cards before the swiping deck is here)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function drag(name: RegExp, fromX: number, toX: number) {
    const face = screen.getByRole("heading", { name });
    const pointer = { pointerId: 1, isPrimary: true, button: 0 };
    fireEvent.pointerDown(face, { ...pointer, clientX: fromX, clientY: 300 });
    fireEvent.pointerMove(face, { ...pointer, clientX: (fromX + toX) / 2, clientY: 305 });
    fireEvent.pointerMove(face, { ...pointer, clientX: toX, clientY: 310 });
    fireEvent.pointerUp(face, { ...pointer, clientX: toX, clientY: 310 });
  }

  it("decides a drag past half the card's width, and lets a short one go back", async () => {
    // jsdom lays nothing out: the card is 400 px wide, as on a wide screen.
    vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(400);
    const onSwipe = vi.fn(async () => true);
    const onDragChange = vi.fn();
    render(
      <StillDeck
        cards={[feedCard("l", "Linus"), feedCard("g", "Grace")]}
        interactive
        onSwipe={onSwipe}
        onDragChange={onDragChange}
      />,
    );
    drag(/Linus/, 300, 260);
    expect(onSwipe).not.toHaveBeenCalled();
    expect(onDragChange.mock.calls).toEqual([[true], [false]]);

    drag(/Linus/, 100, 330);
    await waitFor(() => expect(onSwipe).toHaveBeenCalledOnce());
    expect(onSwipe).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: "Linus" }),
      "interested",
    );
  });

  it("does not move while a swipe is being sent", () => {
    vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(400);
    const onSwipe = vi.fn(async () => true);
    render(
      <StillDeck
        cards={[feedCard("k", "Ken")]}
        interactive={false}
        onSwipe={onSwipe}
        onDragChange={() => {}}
      />,
    );
    drag(/Ken/, 300, 0);
    expect(onSwipe).not.toHaveBeenCalled();
  });
});
