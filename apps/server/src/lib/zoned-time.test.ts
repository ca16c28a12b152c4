import { describe, expect, it } from "vitest";
import { localDay, nextDay, picksTime, zoneOf } from "./zoned-time.ts";

describe("the daily picks' clock", () => {
  it("finds 09:00 on a date in a zone, summer time included", () => {
    expect(picksTime("2026-12-01", "UTC").toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(picksTime("2026-12-01", "America/New_York").toISOString()).toBe(
      "2026-12-01T14:00:00.000Z",
    );
    expect(picksTime("2026-07-01", "America/New_York").toISOString()).toBe(
      "2026-07-01T13:00:00.000Z",
    );
    expect(picksTime("2026-12-01", "Asia/Kolkata").toISOString()).toBe("2026-12-01T03:30:00.000Z");
    expect(picksTime("2026-12-01", "Pacific/Kiritimati").toISOString()).toBe(
      "2026-11-30T19:00:00.000Z",
    );
  });

  it("tells the local date and the next one", () => {
    const at = new Date("2026-12-01T03:00:00Z");
    expect(localDay(at, "UTC")).toBe("2026-12-01");
    expect(localDay(at, "America/Los_Angeles")).toBe("2026-11-30");
    expect(localDay(at, "Asia/Tokyo")).toBe("2026-12-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });

  it("falls back to UTC for no zone or an unknown one", () => {
    expect(zoneOf(null)).toBe("UTC");
    expect(zoneOf("Mars/Olympus")).toBe("UTC");
    expect(zoneOf("Europe/Madrid")).toBe("Europe/Madrid");
  });
});
