import { describe, expect, it } from "vitest";
import { hostDateTime, offsetMinutes, offsetText, withViewerOffset } from "./event-time.ts";

const WHEN = "2031-05-17T16:00:00.000Z";
const viewerOffset = -new Date(WHEN).getTimezoneOffset();

describe("event times", () => {
  it("reads and writes offsets as the API spells them", () => {
    expect(offsetMinutes("+02:00")).toBe(120);
    expect(offsetMinutes("-05:30")).toBe(-330);
    expect(offsetMinutes("Z")).toBe(0);
    expect(offsetText(-330)).toBe("-05:30");
    expect(offsetText(0)).toBe("+00:00");
  });

  it("adds the host's time only when their offset differs from the viewer's", () => {
    expect(hostDateTime(WHEN, offsetText(viewerOffset))).toBeNull();
    const other = hostDateTime(WHEN, offsetText(viewerOffset + 60));
    expect(other).toContain(`(UTC${offsetText(viewerOffset + 60).replace("+00:00", "")})`);
  });

  it("writes a local date and time with the viewer's offset at that date", () => {
    const value = withViewerOffset("2031-05-17T18:00");
    expect(value).toMatch(/^2031-05-17T18:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(value as string).getTime()).toBe(new Date("2031-05-17T18:00").getTime());
    expect(withViewerOffset("not a date")).toBeUndefined();
  });
});
