import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/**
 * The web app's message catalogues (docs/decisions/131-languages-with-lingui.md). English is the
 * source: it stays in the code, word for word as the specification gives it, so an English visitor
 * loads no catalogue. Spanish and Arabic load as one chunk each when chosen.
 *
 * One catalogue per feature folder, plus `app` for the shell, the shared components and the
 * libraries, so work on two features never touches the same file.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "ar"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false, origins: false }),
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/{name}",
      include: ["<rootDir>/src/features/{name}/"],
      exclude: ["**/*.test.tsx", "**/*.test.ts"],
    },
    {
      path: "<rootDir>/src/locales/{locale}/app",
      include: [
        "<rootDir>/src/app/",
        "<rootDir>/src/components/",
        "<rootDir>/src/lib/",
        "<rootDir>/src/config/",
        "<rootDir>/src/i18n/",
      ],
      exclude: ["**/*.test.tsx", "**/*.test.ts"],
    },
  ],
  runtimeConfigModule: {
    i18n: ["@/i18n/runtime.tsx", "i18n"],
    Trans: ["@/i18n/runtime.tsx", "Trans"],
    useLingui: ["@/i18n/runtime.tsx", "useLingui"],
  },
});
