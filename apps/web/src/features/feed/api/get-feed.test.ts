import { describe, expect, it } from "vitest";
import { feedCard } from "@/test/feed-fixtures.ts";
import { type FeedPage, feedDeck, feedQueryOptions } from "./get-feed.ts";

/** A page of cards named by their ids: paging and the deck go by the id alone. */
function page(ids: string[], next: string | null = null, decided: string[] = []): FeedPage {
  const cards = ids.filter((id) => !decided.includes(id)).map((id) => feedCard(id, id));
  return { cards, next };
}

describe("feed paging", () => {
  it("asks for the page after the last cursor, and stops when there is none", () => {
    const { getNextPageParam } = feedQueryOptions();
    const first = page(["u0", "u1"], "c1");
    expect(getNextPageParam(first, [first], null, [null])).toBe("c1");
    const last = page(["u2"]);
    expect(getNextPageParam(last, [first, last], "c1", [null, "c1"])).toBeUndefined();
  });

  it("keeps the undecided cards in load order and shows a repeated person once", () => {
    const first = page(["u0", "u1", "u2"], "c1", ["u0"]);
    // After a skills edit the server's new ranking may list u2, still in hand, again.
    const second = page(["u3", "u2", "u4"]);
    expect(feedDeck([first, second]).map((c) => c._id)).toEqual(["u1", "u2", "u3", "u4"]);
  });
});
