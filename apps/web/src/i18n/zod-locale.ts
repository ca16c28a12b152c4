import { i18n } from "./runtime.tsx";

/**
 * zod's own words for a rule a schema gives no message of its own (a wrong type, a bad format),
 * in the reader's language: zod ships Spanish and Arabic error maps. Each loads when a form first
 * needs it, not with the language, so a page without forms never loads zod for it. English is
 * zod's default.
 */
const ERROR_MAPS: Record<string, () => Promise<{ default: () => { localeError: unknown } }>> = {
  es: () => import("zod/v4/locales/es.js"),
  ar: () => import("zod/v4/locales/ar.js"),
};

/** The settings object zod reads on every parse (see lib/zod-config.ts). */
function zodSettings(): { localeError?: unknown } {
  const scope = globalThis as { __zod_globalConfig?: { localeError?: unknown } };
  scope.__zod_globalConfig ??= {};
  return scope.__zod_globalConfig;
}

async function follow(locale: string): Promise<void> {
  const load = ERROR_MAPS[locale];
  if (!load) {
    delete zodSettings().localeError;
    return;
  }
  const { default: makeMap } = await load();
  // Another language may have been chosen while this one loaded.
  if (i18n.locale === locale) zodSettings().localeError = makeMap().localeError;
}

let following = false;
let latest: Promise<void> = Promise.resolve();

/** Makes zod's default messages follow the active language, now and after every change. */
export function followZodLocale(): Promise<void> {
  if (!following) {
    following = true;
    const update = () => {
      latest = follow(i18n.locale).catch(() => undefined);
    };
    i18n.on("change", update);
    update();
  }
  return latest;
}

/** Settles once zod speaks the language chosen last (its map loads after the change). */
export function zodLocaleSettled(): Promise<void> {
  return latest;
}
