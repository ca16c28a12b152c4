import type { Messages } from "@lingui/core";

// Every Arabic catalogue (one per feature), compiled by the Lingui Vite plugin, in one chunk.
const parts = import.meta.glob<Messages>("./ar/*.po", { eager: true, import: "messages" });

export const messages: Messages = Object.assign({}, ...Object.values(parts));

/** The shared package's sentences (schemas, labels), keyed by their English text. */
export { sharedCatalogAr as sharedCatalog } from "@kindred/shared/i18n/catalog.ar";
export { Translator } from "@kindred/shared/i18n/translate";
