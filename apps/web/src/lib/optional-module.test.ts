import { describe, expect, it, vi } from "vitest";
import { optionalModule } from "./optional-module.ts";

describe("optionalModule", () => {
  it("loads once, and after a failed load tries again on the next request", async () => {
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ name: "menu" });
    const module = optionalModule(importer);

    expect(await module.load()).toBeUndefined();
    expect(module.current()).toBeUndefined();

    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toEqual({ name: "menu" });
    expect(second).toBe(first);
    expect(module.current()).toBe(first);
    expect(await module.load()).toBe(first);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
