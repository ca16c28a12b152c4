import type { Locale } from "./locale.ts";

/** A language's messages, keyed by the English text; `{name}` marks a value put in. */
export type Catalog = Readonly<Record<string, string>>;

type Template = { pattern: RegExp; names: string[]; translated: string };
type Compiled = { exact: Catalog; templates: Template[] };

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function compile(catalog: Catalog): Compiled {
  const templates: Template[] = [];
  for (const [english, translated] of Object.entries(catalog)) {
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");
    if (names.length === 0) continue;
    const source = english
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? "([^]+?)" : escapeRegExp(part)))
      .join("");
    templates.push({ pattern: new RegExp(`^${source}$`), names, translated });
  }
  // The most specific first: the one with the most fixed text.
  const fixed = (template: Template) => template.pattern.source.replaceAll("([^]+?)", "").length;
  templates.sort((a, b) => fixed(b) - fixed(a));
  return { exact: catalog, templates };
}

/**
 * Translates messages into one language. A message found as it is wins; otherwise the first
 * template it fits gives the translation, each value put back in (itself translated when the
 * catalogue has it, e.g. a field's label). A message the catalogue lacks stays English.
 */
export class Translator {
  private readonly compiled: Compiled;

  constructor(catalog: Catalog) {
    this.compiled = compile(catalog);
  }

  translate(message: string): string {
    const exact = this.compiled.exact[message];
    if (exact !== undefined) return exact;
    for (const template of this.compiled.templates) {
      const match = template.pattern.exec(message);
      if (!match) continue;
      const values = new Map<string, string>();
      template.names.forEach((name, index) => {
        const value = match[index + 1] ?? "";
        values.set(name, this.compiled.exact[value] ?? value);
      });
      return template.translated.replace(
        PLACEHOLDER,
        (whole, name: string) => values.get(name) ?? whole,
      );
    }
    return message;
  }
}

/** Fills `{name}` placeholders of a template (English or translated) with values. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** One Translator per language, made on first use. */
export function translators(catalogs: Record<Exclude<Locale, "en">, Catalog>) {
  const made = new Map<Locale, Translator>();
  return (locale: Locale): Translator | null => {
    if (locale === "en") return null;
    let translator = made.get(locale);
    if (!translator) {
      translator = new Translator(catalogs[locale]);
      made.set(locale, translator);
    }
    return translator;
  };
}
