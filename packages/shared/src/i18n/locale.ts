/**
 * The languages Kindred speaks, and how a request's language is chosen. Zod-free and tiny, so
 * the server and the web's first chunk can both use it.
 */
export const LOCALES = ["en", "es", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The cookie the web sets when the person picks a language (`en`, `es` or `ar`). */
export const LOCALE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Whether the language is written right to left (`<html dir="rtl">`). */
export function isRtl(locale: Locale): boolean {
  return locale === "ar";
}

/** `dir` for `<html>`: rtl for Arabic, ltr otherwise. */
export function dirOf(locale: Locale): "rtl" | "ltr" {
  return isRtl(locale) ? "rtl" : "ltr";
}

/**
 * The language of a request with no stored choice: the `lang` cookie when it names one of
 * LOCALES, else the best of `Accept-Language` (q-values; a region is dropped, `es-MX` → es,
 * `ar-EG` → ar; `*` is English), else English.
 */
export function resolveLocale(
  acceptLanguage: string | null | undefined,
  cookieValue?: string | null,
): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return fromAcceptLanguage(acceptLanguage ?? "") ?? DEFAULT_LOCALE;
}

function fromAcceptLanguage(header: string): Locale | null {
  let best: { locale: Locale; q: number; index: number } | null = null;
  // A header is a few short items; the cap keeps a hostile one from costing anything.
  const items = header.slice(0, 1000).split(",").slice(0, 50);
  items.forEach((item, index) => {
    const [range = "", ...params] = item.trim().split(";");
    const tag = range.trim().toLowerCase();
    const primary = tag === "*" ? DEFAULT_LOCALE : tag.split("-")[0];
    if (!isLocale(primary)) return;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key?.trim().toLowerCase() === "q") q = Number(value);
    }
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    if (!best || q > best.q || (q === best.q && index < best.index)) {
      best = { locale: primary, q, index };
    }
  });
  return (best as { locale: Locale } | null)?.locale ?? null;
}
