/** The service worker's address; served from the site's root so its scope is the whole app. */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Registers the service worker once the page has loaded, so its download and start never
 * compete with the first screen's scripts.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => {
      // No worker (a private window may refuse it): push and the offline page are just absent.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
