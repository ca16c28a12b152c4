import type { FeedCard } from "@kindred/shared";
import { describe, expect, it } from "vitest";
import { deckCards, type FeedPage, nextFeedLimit } from "./get-feed.ts";

function card(id: string): FeedCard {
  return {
    _id: id,
    firstName: id,
    lastName: "",
    photoUrl: `/api/avatars/${id}.svg`,
    age: null,
    gender: null,
    about: "",
    skills: [],
    matchingSkills: [],
  };
}

function page(ids: string[], decided: string[] = []): FeedPage {
  return { ids, cards: ids.filter((id) => !decided.includes(id)).map(card) };
}

const ten = (from: number) => Array.from({ length: 10 }, (_, i) => `u${from + i}`);

describe("feed paging", () => {
  it("asks page 1 again for the cards still in hand plus ten more", () => {
    const first = page(ten(0), ten(0).slice(0, 7));
    expect(nextFeedLimit(first, [first], 10)).toBe(13);
  });

  it("shows a person the server repeats only once, and never one already decided", () => {
    const first = page(ten(0), ["u0", "u1", "u9"]);
    // The server still lists u9 (its send failed) and u2..u8 still in hand.
    const second = page(["u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9", "u10", "u11"]);
    expect(deckCards([first, second]).map((c) => c._id)).toEqual([
      "u2",
      "u3",
      "u4",
      "u5",
      "u6",
      "u7",
      "u8",
      "u10",
      "u11",
    ]);
  });

  it("ends when an answer is shorter than asked for or brings no one new", () => {
    const first = page(ten(0));
    const short = page(["u10"]);
    expect(nextFeedLimit(short, [first, short], 10)).toBeUndefined();
    const repeat = page(ten(0));
    expect(nextFeedLimit(repeat, [first, repeat], 10)).toBeUndefined();
  });
});
