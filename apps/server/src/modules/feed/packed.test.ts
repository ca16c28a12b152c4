import { describe, expect, it } from "vitest";
import { int64At, viewOf } from "./packed.ts";

describe("int64At", () => {
  it("reads what writeBigInt64BE wrote, within ±2^53, at any offset", () => {
    const values = [
      0,
      1,
      -1,
      4_294_967_295,
      4_294_967_296,
      1_764_000_000_123_456, // a creation in µs
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      -4_294_967_297,
    ];
    // One byte in front: the values sit off the 8-byte grid, as in a ranking's 27-byte entries.
    const bytes = Buffer.alloc(1 + values.length * 8);
    for (const [index, value] of values.entries()) {
      bytes.writeBigInt64BE(BigInt(value), 1 + index * 8);
    }
    const view = viewOf(bytes.subarray(1));
    expect(values.map((_, index) => int64At(view, index * 8))).toEqual(values);
  });
});
