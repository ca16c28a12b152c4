/**
 * A screen's code is loaded with its route. When that fails, either the network is down or a
 * deploy replaced the files this page was built against (their names carry a content hash, and
 * the old ones are gone). The second heals by reloading the page, once.
 */

/** What each browser says when a module import fails, and what Vite says for a route's CSS. */
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload of a route's stylesheet
  /Loading (CSS )?chunk \S+ failed/i, // webpack-style bundles (ChunkLoadError)
];

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return (
    typeof message === "string" && CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(message))
  );
}

/** sessionStorage key: when this tab last reloaded by itself to pick up a new deploy. */
export const RELOAD_KEY = "kindred:chunk-reload-at";
/** Within this long of such a reload, another failure shows Retry instead of reloading again. */
export const RELOAD_GUARD_MS = 60_000;

/** The page reload, in one place: component tests replace it (jsdom cannot navigate). */
export const pageReload = { run: () => window.location.reload() };

/**
 * Reloads the page unless this tab already did so within `RELOAD_GUARD_MS`, so a chunk that is
 * missing for good never loops. Without storage (blocked by the browser) it never reloads.
 */
export function reloadOnce(): boolean {
  const now = Date.now();
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_KEY));
    if (last > 0 && now - last < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  pageReload.run();
  return true;
}

/**
 * Whether the site itself answers. If it does, the failed chunk is gone (a deploy), not out of
 * reach; `index.html` is never cached, so this asks the server.
 */
export async function siteAnswers(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    const response = await fetch(import.meta.env.BASE_URL, { method: "HEAD", cache: "no-store" });
    return response.ok;
  } catch {
    return false;
  }
}

let recovering: Promise<boolean> | undefined;

/**
 * After a failed chunk load: reloads once when the site answers (a new deploy). Resolves true
 * when the page is reloading, false when the caller should offer Retry. Vite's event and the
 * route's error screen both report a failure; while one check runs, the other waits for it.
 */
export function recoverFromChunkError(): Promise<boolean> {
  recovering ??= siteAnswers()
    .then((answers) => answers && reloadOnce())
    .finally(() => {
      recovering = undefined;
    });
  return recovering;
}

/**
 * Vite reports a failed preload of a route's files with this event before the import fails; the
 * route's error screen shows either way, so this only starts the reload sooner.
 */
export function listenForPreloadErrors(): () => void {
  const onPreloadError = () => void recoverFromChunkError();
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}

/** Retry: reloads the page when the site answers; false (nothing done) while it does not. */
export async function retryChunkLoad(): Promise<boolean> {
  if (!(await siteAnswers())) return false;
  pageReload.run();
  return true;
}
