import { describe, expect, it } from "vitest";
import { decodeFeedCursor, encodeFeedCursor, type FeedCursor, skillsKeyOf } from "./cursor.ts";

const cursor: FeedCursor = {
  skillsKey: skillsKeyOf(["chess", "python"]),
  startedAt: 1_795_000_000_123_456,
  last: {
    exchange: 2,
    shared: 3,
    related: 1,
    created: -86_400_000_000,
    number: 1_234_567,
  },
  welcomed: { created: 1_795_000_000_123_457, number: Number.MAX_SAFE_INTEGER },
};

describe("the feed's cursor", () => {
  it("comes back as it was made, in at most 128 URL-safe characters", () => {
    const text = encodeFeedCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(decodeFeedCursor(text)).toEqual(cursor);
  });

  it("names a set of skills whatever their order", () => {
    expect(skillsKeyOf(["python", "chess"])).toBe(skillsKeyOf(["chess", "python"]));
    expect(skillsKeyOf(["chess"])).not.toBe(skillsKeyOf(["chess", "python"]));
    // Two skills are not one skill with the same letters.
    expect(skillsKeyOf(["ab", "c"])).not.toBe(skillsKeyOf(["a", "bc"]));
  });

  it("starts the ranking again from a cursor of the queue or the memory that came before", () => {
    expect(decodeFeedCursor(Buffer.from("f1:42").toString("base64url"))).toBeNull();
    const older = Buffer.alloc(65);
    older.writeUInt8(2, 0);
    expect(decodeFeedCursor(older.toString("base64url"))).toBeNull();
    // Version 3 ranked without the exchange: its place means nothing in today's order.
    const beforeExchange = Buffer.alloc(49);
    beforeExchange.writeUInt8(3, 0);
    expect(decodeFeedCursor(beforeExchange.toString("base64url"))).toBeNull();
  });

  it("refuses anything it did not make", () => {
    const text = encodeFeedCursor(cursor);
    const bytes = Buffer.from(text, "base64url");
    const other = (change: (copy: Buffer) => void) => {
      const copy = Buffer.from(bytes);
      change(copy);
      return copy.toString("base64url");
    };
    for (const bad of [
      "",
      text.slice(0, -1),
      `${text}A`,
      other((copy) => copy.writeUInt8(1, 0)),
      // A time no JavaScript number holds exactly.
      other((copy) => copy.writeBigInt64BE(2n ** 62n, 9)),
      // An exchange the ranking has no tier for.
      other((copy) => copy.writeUInt8(3, 49)),
      Buffer.from("f1:0").toString("base64url"),
      Buffer.from("f1:1.5").toString("base64url"),
    ]) {
      expect(() => decodeFeedCursor(bad), bad).toThrow(
        expect.objectContaining({ statusCode: 400, code: "VALIDATION_ERROR" }),
      );
    }
  });
});
