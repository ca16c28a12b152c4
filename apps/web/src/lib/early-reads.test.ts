import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { preloadFetches } from "@/test/early-reads.ts";
import { type FetchCall, failure, mockFetch, ok } from "@/test/mock-fetch.ts";
import { ApiError, apiClient } from "./api-client.ts";
import {
  clearEarlyReads,
  earlyReadsSettled,
  startEarlyReads,
  takeEarlyBody,
  takeEarlyResponse,
} from "./early-reads.ts";

let calls: FetchCall[];

beforeEach(() => {
  clearEarlyReads();
});
afterEach(() => {
  for (const link of document.head.querySelectorAll("link")) link.remove();
  clearEarlyReads();
});

describe("early reads", () => {
  it("reads each preloaded address once, as the preload did, and hands its body over once", async () => {
    calls = mockFetch((call) => (call.path === "/feed?limit=10" ? ok(["card"]) : ok({ id: 1 })));
    preloadFetches("/api/profile/view", "/api/feed?limit=10", "/api/feed?limit=10");
    startEarlyReads();
    startEarlyReads();
    expect(calls.map((call) => call.url)).toEqual(["/api/profile/view", "/api/feed?limit=10"]);
    expect(calls.every((call) => call.init.credentials === "include")).toBe(true);

    await earlyReadsSettled();
    expect(takeEarlyBody("/api/feed?limit=10")).toEqual({
      status: 1,
      message: "ok",
      data: ["card"],
    });
    expect(takeEarlyBody("/api/feed?limit=10")).toBeUndefined();
    expect(takeEarlyResponse("/api/feed?limit=10")).toBeUndefined();
    // The next read of that address asks the server.
    await apiClient.get("/feed", { query: { limit: 10 } });
    expect(calls.filter((call) => call.path === "/feed?limit=10")).toHaveLength(2);
  });

  it("gives a request the early answer instead of asking again, errors included", async () => {
    calls = mockFetch(() => failure(401, "UNAUTHENTICATED", "Please log in"));
    preloadFetches("/api/profile/view");
    startEarlyReads();
    await earlyReadsSettled();
    // A 401 has no body to paint with: the request takes the answer and reads it as ever.
    expect(takeEarlyBody("/api/profile/view")).toBeUndefined();
    const error = await apiClient.get("/profile/view").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it("leaves alone preloads of other origins and other kinds", () => {
    calls = mockFetch(() => ok({}));
    preloadFetches(
      "https://elsewhere.example/api/profile/view",
      "//elsewhere.example/x",
      "/\\elsewhere.example/x",
    );
    const style = document.createElement("link");
    style.rel = "preload";
    style.setAttribute("as", "style");
    style.href = "/assets/app.css";
    document.head.append(style);
    startEarlyReads();
    expect(calls).toHaveLength(0);
  });
});
