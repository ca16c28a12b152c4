import { describe, expect, it } from "vitest";
import { icebreakers } from "./icebreakers.ts";

const maya = (skills: string[], learning: string[] = []) => ({
  firstName: "Maya",
  skills,
  learning,
});

describe("icebreakers", () => {
  it("offers a trade first when each can teach the other, then each way of it", () => {
    // Maya wants Guitar, which I know; she knows Python, which I want to learn.
    expect(
      icebreakers(maya(["Python", "Chess"], ["Guitar"]), {
        skills: ["guitar", "Chess"],
        learning: ["python"],
      }),
    ).toEqual([
      "You want to learn Guitar and I know it: trade for some Python?",
      "I'd love to learn Python from you — what got you started?",
      "I saw you want to learn Guitar. Happy to help — where are you at with it?",
    ]);
  });

  it("asks to learn from them when they know what I want to learn", () => {
    expect(icebreakers(maya(["Guitar"]), { skills: ["Python"], learning: ["GUITAR"] })).toEqual([
      "I'd love to learn Guitar from you — what got you started?",
      "Hi Maya! What are you learning at the moment?",
      "Hi Maya! How did you get into Guitar?",
    ]);
  });

  it("offers help when they want to learn what I know", () => {
    expect(icebreakers(maya([], ["Piano"]), { skills: ["piano"], learning: [] })).toEqual([
      "I saw you want to learn Piano. Happy to help — where are you at with it?",
      "Hi Maya! What are you learning at the moment?",
      "Hi Maya! What's a skill you'd love to pick up next?",
    ]);
  });

  it("talks about a skill both know, in their spelling", () => {
    expect(
      icebreakers(maya(["Chess", "Python"]), { skills: ["python"], learning: ["Rust"] }),
    ).toEqual([
      "We both know Python — what are you building with it?",
      "Hi Maya! What are you learning at the moment?",
      "Hi Maya! How did you get into Chess?",
    ]);
  });

  it("suggests learning together what both want to learn", () => {
    expect(icebreakers(maya([], ["Spanish"]), { skills: [], learning: ["spanish"] })[0]).toBe(
      "We're both learning Spanish. Want to swap notes on how it's going?",
    );
  });

  it("is friendly and general when the two have nothing in common", () => {
    expect(icebreakers(maya([]), { skills: ["Go"], learning: ["Rust"] })).toEqual([
      "Hi Maya! What are you learning at the moment?",
      "Hi Maya! What's a skill you'd love to pick up next?",
      "Hi Maya! What brought you to Kindred?",
    ]);
  });

  it("always offers three different openers", () => {
    const cases = [
      icebreakers(maya(["Python"], ["Guitar"]), { skills: ["Guitar"], learning: ["Python"] }),
      icebreakers(maya(["Python"]), { skills: ["Python"], learning: [] }),
      icebreakers({ firstName: " ", skills: [], learning: [] }, { skills: [], learning: [] }),
    ];
    for (const openers of cases) {
      expect(openers).toHaveLength(3);
      expect(new Set(openers).size).toBe(3);
    }
    expect(cases[2]?.[0]).toBe("Hi! What are you learning at the moment?");
  });
});
