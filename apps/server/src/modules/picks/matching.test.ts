import { describe, expect, it } from "vitest";
import { type Candidate, choosePicks, PICKS_PER_DAY } from "./matching.ts";

const both = (id: string): Candidate => ({ id, tier: 2 });
const shares = (id: string): Candidate => ({ id, tier: 0 });

/** In how many people's picks each person is. */
function pickedCounts(picks: Map<string, string[]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const list of picks.values()) {
    for (const id of list) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe("choosing the day's picks", () => {
  it("puts someone everyone ranks first in three people's picks, and gives the rest their next", () => {
    const people = ["p1", "p2", "p3", "p4", "p5"];
    const rankings = new Map(
      people.map((id) => [
        id,
        [both("star"), ...people.filter((other) => other !== id).map(shares)],
      ]),
    );
    const picks = choosePicks({ rankings, pickedAlready: new Map(), salt: "2026-10-20" });
    const counts = pickedCounts(picks);
    expect(counts.get("star")).toBe(PICKS_PER_DAY);
    for (const id of people) {
      expect(picks.get(id)).toHaveLength(PICKS_PER_DAY);
      expect(counts.get(id) ?? 0).toBeLessThanOrEqual(PICKS_PER_DAY);
    }
    // Each person's picks keep the order of their ranking.
    for (const id of people) {
      const list = picks.get(id) ?? [];
      const order = (rankings.get(id) ?? []).map((candidate) => candidate.id);
      expect([...list].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(list);
    }
  });

  it("keeps who wants the person most: an exchange both ways over a shared skill", () => {
    const rankings = new Map<string, Candidate[]>([
      ["a", [shares("star")]],
      ["b", [shares("star")]],
      ["c", [shares("star")]],
      ["d", [both("star")]],
    ]);
    const picks = choosePicks({ rankings, pickedAlready: new Map(), salt: "x" });
    expect(picks.get("d")).toEqual(["star"]);
    expect(pickedCounts(picks).get("star")).toBe(3);
  });

  it("counts the picks of the day made already, and never picks someone twice or oneself", () => {
    const rankings = new Map<string, Candidate[]>([
      ["a", [both("a"), both("star"), both("star"), shares("b")]],
      ["b", [both("star"), shares("a")]],
    ]);
    const picks = choosePicks({
      rankings,
      pickedAlready: new Map([["star", 2]]),
      salt: "x",
    });
    expect(pickedCounts(picks).get("star")).toBe(1);
    expect(picks.get("a")).not.toContain("a");
    for (const list of picks.values()) expect(new Set(list).size).toBe(list.length);
  });

  it("is the same in every process for the same day", () => {
    const rankings = new Map(
      ["a", "b", "c", "d", "e"].map((id) => [id, [shares("x"), shares("y")]]),
    );
    const one = choosePicks({ rankings, pickedAlready: new Map(), salt: "2026-10-20" });
    const two = choosePicks({ rankings, pickedAlready: new Map(), salt: "2026-10-20" });
    expect([...one]).toEqual([...two]);
  });
});
