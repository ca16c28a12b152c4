import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The languages the web app ships, as `<html lang>` names them. */
export type Locale = "en" | "es" | "ar";

const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../apps/web/src/locales",
);

const loaded = new Map<Locale, Map<string, string>>();

/** Every English text of the web app's catalogues with its translation in `locale`. */
function catalogue(locale: Locale): Map<string, string> {
  const known = loaded.get(locale);
  if (known) return known;
  const texts = new Map<string, string>();
  const dir = path.join(LOCALES_DIR, locale);
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".po"))) {
    let id: string | undefined;
    for (const line of readFileSync(path.join(dir, file), "utf8").split("\n")) {
      const entry = /^(msgid|msgstr) (".*")$/.exec(line);
      if (!entry) continue;
      const text = JSON.parse(entry[2] as string) as string;
      if (entry[1] === "msgid") id = text;
      else if (id) {
        if (!texts.has(id)) texts.set(id, text || id);
        id = undefined;
      }
    }
  }
  loaded.set(locale, texts);
  return texts;
}

/**
 * What a reader of `locale` sees where the code says `english`: the catalogues' translation
 * (the tests then find a screen by its words in any language). A text the catalogues lack
 * throws, so a test never waits for words the app cannot show.
 */
export function say(locale: Locale, english: string): string {
  if (locale === "en") return english;
  const text = catalogue(locale).get(english);
  if (text === undefined) throw new Error(`no ${locale} translation of "${english}"`);
  return text;
}
