import { describe, expect, it } from "vitest";
import {
  COMMUNITY_EVENTS_BATCH_SIZE,
  COMMUNITY_GROUPS_PAGE_SIZE,
  COMMUNITY_LIST_MAX_LIMIT,
  COMMUNITY_POSTS_PAGE_SIZE,
  communityListQuerySchema,
  communityTokenClaimsOf,
  communityTokenClaimsSchema,
} from "./community.ts";

describe("the community token's claims as the client reads them", () => {
  it("keeps the id, the name and the expiry", () => {
    expect(communityTokenClaimsSchema.parse({ id: "m-1", uname: "ada", exp: 42, iat: 1 })).toEqual({
      id: "m-1",
      uname: "ada",
      exp: 42,
    });
  });

  it("reads a missing or odd name as empty and an odd expiry as none", () => {
    expect(communityTokenClaimsSchema.parse({ id: "m-1", exp: "soon" })).toEqual({
      id: "m-1",
      uname: "",
      exp: undefined,
    });
  });

  it("refuses claims without an id", () => {
    for (const claims of [{}, { id: "" }, { id: 7 }, null, "text"]) {
      expect(communityTokenClaimsSchema.safeParse(claims).success, JSON.stringify(claims)).toBe(
        false,
      );
    }
  });
});

describe("the page sizes the web app asks for", () => {
  it("are limits the lists accept", () => {
    for (const limit of [
      COMMUNITY_POSTS_PAGE_SIZE,
      COMMUNITY_GROUPS_PAGE_SIZE,
      COMMUNITY_EVENTS_BATCH_SIZE,
    ]) {
      expect(communityListQuerySchema.parse({ limit: String(limit) }).limit).toBe(limit);
      expect(limit).toBeLessThanOrEqual(COMMUNITY_LIST_MAX_LIMIT);
    }
  });
});

describe("communityTokenClaimsOf", () => {
  it("reads claims as the schema does, without zod", () => {
    const samples: unknown[] = [
      { id: "m-1", uname: "ada", exp: 42, iat: 1 },
      { id: "m-1" },
      { id: "m-1", uname: 7, exp: "soon" },
      { id: "m-1", exp: Number.NaN },
      { id: "m-1", exp: Number.POSITIVE_INFINITY },
      { id: "" },
      { id: 5, uname: "ada" },
      { uname: "ada" },
      null,
      "m-1",
      [],
      42,
    ];
    for (const sample of samples) {
      const parsed = communityTokenClaimsSchema.safeParse(sample);
      expect([sample, communityTokenClaimsOf(sample)]).toEqual([
        sample,
        parsed.success ? parsed.data : null,
      ]);
    }
  });
});
