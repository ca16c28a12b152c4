import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch, offline } from "@/test/mock-fetch.ts";
import {
  isChunkLoadError,
  pageReload,
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  recoverFromChunkError,
  reloadOnce,
} from "./chunk-load.ts";

/** The site answers the HEAD request, or the network is down. */
function stubSite(answers: boolean) {
  return mockFetch(() => (answers ? { status: 200 } : offline()));
}

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.spyOn(pageReload, "run").mockImplementation(reload);
});
afterEach(() => {
  window.sessionStorage.clear();
});

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://kindred.test/assets/feed-page-abc.js",
    "error loading dynamically imported module: https://kindred.test/assets/feed-page-abc.js",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/feed-page-abc.css",
    "Loading chunk 42 failed.",
  ])("recognises %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it("recognises a ChunkLoadError by name", () => {
    expect(isChunkLoadError(Object.assign(new Error("x"), { name: "ChunkLoadError" }))).toBe(true);
  });

  it("leaves every other error to the generic fallback", () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe("reloadOnce", () => {
  it("reloads once, then not again within the guard, then again after it", () => {
    const now = vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    expect(reloadOnce()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(RELOAD_KEY)).toBe("1000000");

    now.mockReturnValue(1_000_000 + RELOAD_GUARD_MS - 1);
    expect(reloadOnce()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    now.mockReturnValue(1_000_000 + RELOAD_GUARD_MS);
    expect(reloadOnce()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads when it cannot remember having done so", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(reloadOnce()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("recoverFromChunkError", () => {
  it("reloads once when the site answers (a new deploy), and not on the next failure", async () => {
    const calls = stubSite(true);
    expect(await recoverFromChunkError()).toBe(true);
    expect(calls).toEqual([
      expect.objectContaining({ url: "/", init: { method: "HEAD", cache: "no-store" } }),
    ]);
    expect(await recoverFromChunkError()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload when the site does not answer (the network is down)", async () => {
    stubSite(false);
    expect(await recoverFromChunkError()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(RELOAD_KEY)).toBeNull();
  });

  it("does not even ask while the browser is offline", async () => {
    const calls = stubSite(true);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(await recoverFromChunkError()).toBe(false);
    expect(calls).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });
});
