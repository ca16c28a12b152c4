import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getFeed } from "@/features/feed/api/get-feed.ts";
import { clearEarlyReads, earlyReadsSettled, startEarlyReads } from "@/lib/early-reads.ts";
import { preloadFetches } from "@/test/early-reads.ts";
import { feedCard } from "@/test/feed-fixtures.ts";
import { mockFetch, ok } from "@/test/mock-fetch.ts";
import { firstFeedPageUrl } from "./feed-address.ts";
import { preloadFirstCardPhoto } from "./preload-first-photo.ts";

const photo = {
  thumb: "/api/photos/p-thumb.webp",
  card: "/api/photos/p-card.webp",
  large: "/api/photos/p-large.webp",
};

/** A screen as wide as `wide` says: the tablet query matches or not. */
function screenWidth(wide: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: wide, media: query }));
}

/** The page's head as the server writes it for Discover, and its early read answered. */
async function discoverReadEarly(cards: unknown[]) {
  mockFetch(() => ok(cards));
  preloadFetches(firstFeedPageUrl());
  startEarlyReads();
  await earlyReadsSettled();
}

const imagePreloads = () => [
  ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'),
];

beforeEach(() => clearEarlyReads());
afterEach(() => {
  for (const link of document.head.querySelectorAll("link")) link.remove();
  clearEarlyReads();
});

describe("preloadFirstCardPhoto", () => {
  it("asks for the top card's photo, in the card size, as soon as the early read is in", async () => {
    screenWidth(false);
    await discoverReadEarly([feedCard("a", "Alice", { photo }), feedCard("b", "Bob")]);
    await preloadFirstCardPhoto();
    const [link, ...others] = imagePreloads();
    expect(others).toHaveLength(0);
    expect(link?.getAttribute("href")).toBe(photo.card);
    expect(link?.getAttribute("fetchpriority")).toBe("high");
  });

  it("leaves the choice to the card's picture on wide screens, and skips a card without a photo", async () => {
    screenWidth(true);
    await discoverReadEarly([feedCard("a", "Alice", { photo })]);
    await preloadFirstCardPhoto();
    expect(imagePreloads()).toHaveLength(0);

    clearEarlyReads();
    screenWidth(false);
    await discoverReadEarly([feedCard("a", "Alice", { photo: null })]);
    await preloadFirstCardPhoto();
    expect(imagePreloads()).toHaveLength(0);
  });

  it("does nothing on a page the feed was not read early for", async () => {
    screenWidth(false);
    await preloadFirstCardPhoto();
    expect(imagePreloads()).toHaveLength(0);
  });

  it("reads the address the feed's first page is asked at", async () => {
    const calls = mockFetch(() => ok([]));
    await getFeed(null);
    expect(calls.map((call) => call.url)).toEqual([firstFeedPageUrl()]);
  });
});
