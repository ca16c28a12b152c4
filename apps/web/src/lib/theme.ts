import { STORAGE_KEYS } from "@/config/ui.ts";

export type Theme = "light" | "dark";

/** Dark only when the stored value says so; anything else, or no storage at all, is light. */
export function readStoredTheme(): Theme {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.theme) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Private modes may refuse storage; the theme still applies for this visit.
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute("data-theme", theme);
}
