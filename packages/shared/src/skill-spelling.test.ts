import { describe, expect, it } from "vitest";
import { closeSkillName, damerauLevenshtein, typoAllowance } from "./skill-spelling.ts";

const VOCABULARY = [
  { name: "Python", aliases: ["py"] },
  { name: "JavaScript", aliases: ["js", "ECMAScript"] },
  { name: "Go", aliases: ["golang"] },
  { name: "Translation" },
  { name: "Attention training" },
];

describe("damerauLevenshtein", () => {
  it("counts a swap of neighbours as one edit, and the plain edits as one each", () => {
    expect(damerauLevenshtein("pyhton", "python")).toBe(1);
    expect(damerauLevenshtein("atention", "attention")).toBe(1);
    expect(damerauLevenshtein("kitten", "sitting")).toBe(3);
    expect(damerauLevenshtein("", "abc")).toBe(3);
    expect(damerauLevenshtein("same", "same")).toBe(0);
    expect(damerauLevenshtein("ca", "abc")).toBe(3);
  });
});

describe("closeSkillName", () => {
  it('offers the canonical name for a typo: "pyhton" is Python, "javascirpt" JavaScript', () => {
    expect(closeSkillName("pyhton", VOCABULARY)).toBe("Python");
    expect(closeSkillName("  Pyhton ", VOCABULARY)).toBe("Python");
    expect(closeSkillName("javascirpt", VOCABULARY)).toBe("JavaScript");
    // Through an alias: still the canonical name.
    expect(closeSkillName("golnag", VOCABULARY)).toBe("Go");
  });

  it("offers nothing for a name as it is, a short word, or a word too far from every name", () => {
    expect(closeSkillName("python", VOCABULARY)).toBeNull();
    expect(closeSkillName("JS", VOCABULARY)).toBeNull();
    // Three letters take no correction: "Gp" or "pyt" may be meant as they are.
    expect(closeSkillName("pyt", VOCABULARY)).toBeNull();
    expect(closeSkillName("Pottery", VOCABULARY)).toBeNull();
    // Two edits in a six-letter word are allowed, three are not.
    expect(closeSkillName("pthno", VOCABULARY)).toBeNull();
  });

  it("scales the edits allowed with the length", () => {
    expect([3, 4, 5, 6, 12].map(typoAllowance)).toEqual([0, 1, 1, 2, 2]);
    expect(closeSkillName("pyton", VOCABULARY)).toBe("Python");
    expect(closeSkillName("ptyhn", VOCABULARY)).toBeNull();
  });
});
