import { describe, expect, it } from "vitest";
import { isSearchableQuery, SEARCH_QUERY_MAX_LENGTH, searchQuerySchema } from "./search.ts";

describe("isSearchableQuery", () => {
  it("agrees with the search query's schema, without zod", () => {
    const samples = [
      "",
      " ",
      "a",
      "ab",
      " ab ",
      "a b",
      "a\u200b",
      "\u200b\u200b\u200b",
      "ab\u0000",
      "ab\u0085",
      "ré",
      "🙂🙂",
      "x".repeat(SEARCH_QUERY_MAX_LENGTH),
      "x".repeat(SEARCH_QUERY_MAX_LENGTH + 1),
      ` ${"x".repeat(SEARCH_QUERY_MAX_LENGTH)} `,
      "\t\nab",
    ];
    for (const q of samples) {
      expect([q, isSearchableQuery(q)]).toEqual([
        q,
        searchQuerySchema.shape.q.safeParse(q).success,
      ]);
    }
    expect(samples.filter(isSearchableQuery).length).toBeGreaterThan(3);
  });
});
