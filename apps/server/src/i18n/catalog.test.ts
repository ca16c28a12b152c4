import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Catalog } from "@kindred/shared";
import { sharedCatalogAr } from "@kindred/shared/i18n/catalog.ar";
import { sharedCatalogEs } from "@kindred/shared/i18n/catalog.es";
import { describe, expect, it } from "vitest";
import { serverCatalogAr } from "./catalog.ar.ts";
import { serverCatalogEs } from "./catalog.es.ts";
import { translateMessage } from "./messages.ts";
import { scanMessages } from "./scan-messages.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSource = path.resolve(here, "..");
const sharedSource = path.resolve(here, "../../../../packages/shared/src");

const sharedMessages = scanMessages([sharedSource]);
const serverMessages = new Set(
  [...scanMessages([serverSource])].filter((message) => !sharedMessages.has(message)),
);

const placeholders = (text: string) =>
  [...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]).sort();

const catalogs: [string, Catalog, Set<string>][] = [
  ["shared es", sharedCatalogEs, sharedMessages],
  ["shared ar", sharedCatalogAr, sharedMessages],
  ["server es", serverCatalogEs, serverMessages],
  ["server ar", serverCatalogAr, serverMessages],
];

describe("message catalogues", () => {
  it("finds the messages in the source (the scan itself works)", () => {
    expect(sharedMessages.has("First name is required")).toBe(true);
    expect(sharedMessages.has("First name must be at most {NAME_MAX_LENGTH} characters")).toBe(
      true,
    );
    expect(serverMessages.has("Please log in to continue.")).toBe(true);
    expect(serverMessages.has("Settings saved")).toBe(true);
    expect(serverMessages.has("Too many attempts. Try again in {minutes} {minutes2}.")).toBe(true);
    expect(sharedMessages.size + serverMessages.size).toBeGreaterThan(400);
  });

  it.each(catalogs)("%s translates every message the code can answer", (_name, catalog, used) => {
    const missing = [...used].filter((message) => !(message in catalog));
    expect(missing).toEqual([]);
  });

  it.each(catalogs)("%s has no message that no code uses", (_name, catalog, used) => {
    const unused = Object.keys(catalog).filter((message) => !used.has(message));
    expect(unused).toEqual([]);
  });

  it.each(catalogs)("%s keeps every placeholder of the English text", (_name, catalog) => {
    const broken = Object.entries(catalog).filter(
      ([english, translated]) =>
        placeholders(english).join() !== placeholders(translated).join() ||
        translated.trim() === "",
    );
    expect(broken).toEqual([]);
  });
});

describe("translateMessage", () => {
  it("fills a template's values, translating a field's label", () => {
    expect(translateMessage("First name must be at most 50 characters", "es")).toBe(
      "El nombre debe tener como máximo 50 caracteres",
    );
    expect(translateMessage("Instagram link is too long", "ar")).toBe("رابط إنستغرام: طويل جدًا");
    expect(translateMessage("Too many attempts. Try again in 1 minute.", "es")).toBe(
      "Demasiados intentos. Inténtalo de nuevo dentro de 1 minuto.",
    );
  });

  it("leaves English, and a message no catalogue has, as they are", () => {
    expect(translateMessage("Settings saved", "en")).toBe("Settings saved");
    expect(translateMessage("Something nobody wrote", "es")).toBe("Something nobody wrote");
  });
});
