/**
 * zod compiles fast parsers with `new Function` when it may; the CSP forbids eval, and even
 * zod's probe for it is reported as a violation. zod reads its settings from this global when
 * it first loads, so setting it here (in the entry, before any lazy chunk brings zod) turns the
 * probe off without loading zod. Interpreted parsing is plenty for forms.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
