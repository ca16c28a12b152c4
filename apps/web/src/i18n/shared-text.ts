import type { Translator } from "@kindred/shared/i18n/translate";

let translator: Translator | undefined;

/** The shared package's sentences in the active language: set with the language's messages. */
export function setSharedTranslator(next: Translator | undefined): void {
  translator = next;
}

/**
 * A sentence of the shared package (a schema's validation message, a shared label) in the active
 * language. The shared package speaks English, as the server does before it translates
 * (docs/decisions/132-server-messages-keyed-by-english-text.md); its catalogues are keyed by that
 * English, so a sentence they lack stays English.
 */
export function sharedText(english: string): string {
  return translator ? translator.translate(english) : english;
}

/**
 * The shared sentences as getters, so each read is in the active language (the copy's style),
 * with the web app's own texts (`own`, whose getters are kept as getters, not read once).
 */
export function withSharedTexts<T extends Record<string, string>, Own extends object>(
  messages: T,
  own: Own,
): { readonly [K in keyof T]: string } & Own {
  const merged = {} as { [K in keyof T]: string } & Own;
  for (const key of Object.keys(messages) as (keyof T)[]) {
    Object.defineProperty(merged, key, {
      enumerable: true,
      get: () => sharedText(messages[key] as string),
    });
  }
  Object.defineProperties(merged, Object.getOwnPropertyDescriptors(own));
  return merged;
}
