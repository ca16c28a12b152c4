import { describe, expect, it } from "vitest";
import { canonicalSkill } from "../skills/vocabulary.ts";
import { comparisonWriter, skillComparer } from "./skills-comparison.ts";

/** Skills that name one canonical skill several ways, related ones, and strangers. */
const POOL = [
  "JavaScript",
  "js",
  "JS",
  "javascript",
  "React",
  "react.js",
  "TypeScript",
  "Node.js",
  "Python",
  "Django",
  "C",
  "C++",
  "Chess",
  "Knitting",
  'Say "hi"',
  "naïve \\ ünïcode",
];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("what a card shares with the viewer, written as JSON", () => {
  it("says exactly what skillComparer says, for many pairs of skills", () => {
    const next = random(7);
    const pick = () =>
      Array.from(
        { length: 1 + Math.floor(next() * 6) },
        () => POOL[Math.floor(next() * POOL.length)] as string,
      );
    let compared = 0;
    for (let round = 0; round < 500; round++) {
      const viewer = pick();
      const card = pick();
      const written = comparisonWriter(viewer)(
        card.map(canonicalSkill),
        card.map((skill) => JSON.stringify(skill)),
      );
      expect(written.startsWith(",") && written.endsWith("]")).toBe(true);
      const expected = skillComparer(viewer)(card);
      expect(JSON.parse(`{${written.slice(1)}}`), JSON.stringify({ viewer, card })).toEqual(
        expected,
      );
      if (expected.matchingSkills.length + expected.related.length > 0) compared++;
    }
    // Most pairs share or relate something, so both paths are exercised.
    expect(compared).toBeGreaterThan(250);
  });
});
