import type { Plugin } from "vite";

/**
 * Sonner inserts its stylesheet as an inline <style> element when it loads, which the CSP
 * (`style-src 'self'`) refuses with a console error. The build drops that call; the same rules
 * come from `sonner/dist/styles.css`, bundled with the app's own CSS file.
 */
export function cspSafeStyles(): Plugin {
  return {
    name: "kindred:csp-safe-styles",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace(/function __insertCSS\(code\) \{/, "$&\n  return;");
      if (patched === code) this.error("sonner's __insertCSS was not found: check the CSP patch");
      return { code: patched, map: null };
    },
  };
}
