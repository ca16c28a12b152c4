import type { Messages } from "@lingui/core";
import { i18n } from "./runtime.tsx";
import { setSharedTranslator } from "./shared-text.ts";

/** The languages Kindred speaks, in the order the picker lists them. */
export const LOCALES = ["en", "es", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, as a picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  ar: "العربية",
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(["ar"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function isRtl(locale: Locale): boolean {
  return RIGHT_TO_LEFT.has(locale);
}

/** `es-MX` → `es`; undefined for a language Kindred does not speak. */
export function localeOf(tag: string | undefined | null): Locale | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}

/**
 * The language a page starts in: the one the server wrote on `<html lang>` (it read the account,
 * the `lang` cookie, then `Accept-Language`), else the browser's first language Kindred speaks.
 */
export function initialLocale(): Locale {
  const fromPage = localeOf(document.documentElement.getAttribute("lang"));
  if (fromPage && document.documentElement.dataset.langFrom === "server") return fromPage;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const locale = localeOf(tag);
    if (locale) return locale;
  }
  return fromPage ?? "en";
}

// Each language's catalogues load together as one chunk when it is chosen. English is the
// source and needs none.
const catalogues = {
  es: () => import("../locales/es.ts"),
  ar: () => import("../locales/ar.ts"),
} as const;

async function messagesOf(locale: Locale): Promise<Messages> {
  if (locale === "en") {
    setSharedTranslator(undefined);
    return {};
  }
  const { messages, sharedCatalog, Translator } = await catalogues[locale]();
  setSharedTranslator(new Translator(sharedCatalog));
  return messages;
}

const YEAR_SECONDS = 60 * 60 * 24 * 365;

function markPage(locale: Locale) {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRtl(locale) ? "rtl" : "ltr";
}

/** Loads a language's messages, then shows every text, date and number in it. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) {
    const messages = await messagesOf(locale);
    i18n.loadAndActivate({ locale, messages });
  }
  markPage(locale);
}

/** The person chose a language: it is shown at once and remembered for the next visit. */
export async function chooseLocale(locale: Locale): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads it before any script runs
  document.cookie = `lang=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  await activateLocale(locale);
}
