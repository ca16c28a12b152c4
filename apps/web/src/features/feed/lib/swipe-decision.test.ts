import { describe, expect, it } from "vitest";
import { swipeDecision } from "./swipe-decision.ts";

const width = 400;

describe("swipeDecision", () => {
  it("decides past half the card width, right for interested and left for ignored", () => {
    expect(swipeDecision({ offsetX: 201, width })).toBe("interested");
    expect(swipeDecision({ offsetX: -201, width })).toBe("ignored");
  });

  it("springs back at or under the threshold", () => {
    expect(swipeDecision({ offsetX: 200, width })).toBeNull();
    expect(swipeDecision({ offsetX: -120, width })).toBeNull();
    expect(swipeDecision({ offsetX: 0, width })).toBeNull();
  });

  it("scales the threshold with the card width on a phone", () => {
    expect(swipeDecision({ offsetX: 180, width: 358 })).toBe("interested");
    expect(swipeDecision({ offsetX: 170, width: 358 })).toBeNull();
  });

  it("takes a fast sideways flick as a decision", () => {
    expect(swipeDecision({ offsetX: 90, velocityX: 1500, width })).toBe("interested");
    expect(swipeDecision({ offsetX: -90, velocityX: -1500, width })).toBe("ignored");
  });

  it("ignores a twitch and a flick back toward the centre", () => {
    expect(swipeDecision({ offsetX: 20, velocityX: 3000, width })).toBeNull();
    expect(swipeDecision({ offsetX: 150, velocityX: -1500, width })).toBeNull();
  });

  it("never decides on a vertical swipe", () => {
    expect(swipeDecision({ offsetX: 0, offsetY: -500, velocityY: -3000, width })).toBeNull();
    expect(swipeDecision({ offsetX: 0, offsetY: 600, velocityY: 2500, width })).toBeNull();
    expect(
      swipeDecision({ offsetX: 80, offsetY: 400, velocityX: 900, velocityY: 2500, width }),
    ).toBeNull();
  });

  it("never decides without a measured width", () => {
    expect(swipeDecision({ offsetX: 300, width: 0 })).toBeNull();
  });
});
