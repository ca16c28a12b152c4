import { type Catalog, fill, type Locale, translators } from "@kindred/shared";
import { sharedCatalogAr } from "@kindred/shared/i18n/catalog.ar";
import { sharedCatalogEs } from "@kindred/shared/i18n/catalog.es";
import { serverCatalogAr } from "./catalog.ar.ts";
import { serverCatalogEs } from "./catalog.es.ts";

/** Each language's messages, keyed by the English text: the shared ones and the server's own. */
export const CATALOGS: Record<Exclude<Locale, "en">, Catalog> = {
  es: { ...sharedCatalogEs, ...serverCatalogEs },
  ar: { ...sharedCatalogAr, ...serverCatalogAr },
};

const translatorFor = translators(CATALOGS);

/** An English message of the API (or a template's result) in the language; English as it is. */
export function translateMessage(message: string, locale: Locale): string {
  return translatorFor(locale)?.translate(message) ?? message;
}

/**
 * A text with values, in the language: `english` is the catalogue's key, with `{name}`
 * placeholders, e.g. t("es", "It ends {date}.", { date }). English (or a missing key) fills the
 * English text.
 */
export function t(
  locale: Locale,
  english: string,
  values: Record<string, string | number> = {},
): string {
  const translated = locale === "en" ? english : (CATALOGS[locale][english] ?? english);
  return fill(translated, values);
}
