import type { Messages } from "@lingui/core";

// Every Spanish catalogue (one per feature), compiled by the Lingui Vite plugin, in one chunk.
const parts = import.meta.glob<Messages>("./es/*.po", { eager: true, import: "messages" });

export const messages: Messages = Object.assign({}, ...Object.values(parts));

/** The shared package's sentences (schemas, labels), keyed by their English text. */
export { sharedCatalogEs as sharedCatalog } from "@kindred/shared/i18n/catalog.es";
export { Translator } from "@kindred/shared/i18n/translate";
