import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { activateLocale } from "./locale.ts";
import { followZodLocale, zodLocaleSettled } from "./zod-locale.ts";

/** What a reader sees for a rule that names no message: zod's own words. */
function wrongTypeMessage(): string | undefined {
  return z.object({ title: z.string() }).safeParse({ title: 5 }).error?.issues[0]?.message;
}

/** The message once zod's map for the language just chosen has loaded. */
async function messageOnceLoaded(): Promise<string | undefined> {
  await zodLocaleSettled();
  return wrongTypeMessage();
}

afterEach(async () => {
  await activateLocale("en");
});

describe("zod's own messages", () => {
  it("follow the active language, and come back to English", async () => {
    await followZodLocale();
    expect(wrongTypeMessage()).toBe("Invalid input: expected string, received number");

    await activateLocale("es");
    expect(await messageOnceLoaded()).toBe("Entrada inválida: se esperaba texto, recibido número");

    await activateLocale("ar");
    expect(await messageOnceLoaded()).toMatch(/^مدخلات غير مقبولة/);

    await activateLocale("en");
    expect(await messageOnceLoaded()).toBe("Invalid input: expected string, received number");
  });

  it("leave a schema's own message to the catalogues", async () => {
    await followZodLocale();
    await activateLocale("es");
    await zodLocaleSettled();
    const own = z
      .object({ title: z.string({ error: "Title is required" }) })
      .safeParse({ title: 5 });
    expect(own.error?.issues[0]?.message).toBe("Title is required");
  });
});
