// Kindred's service worker: shows Web Push notifications, opens the page a notification names,
// and answers a navigation the network cannot serve with the offline page. It caches nothing
// else: the app is useless without its API, and every asset is fingerprinted and cached by HTTP.
// Hand-written on purpose (docs/decisions): no precache manifest, so no build step is needed.

const OFFLINE_CACHE = "kindred-offline-v1";
const OFFLINE_PAGE = "/offline.html";
/** The offline page and what it loads; nothing else is ever put in a cache. */
const OFFLINE_ASSETS = [OFFLINE_PAGE, "/offline.css", "/offline.js", "/favicon.svg"];
/** Where a notification without a usable address leads. */
const FALLBACK_PATH = "/notifications";
const GENERIC_NOTIFICATION = {
  title: "Kindred",
  body: "Something new is waiting for you on Kindred.",
  url: FALLBACK_PATH,
  tag: "",
};

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(OFFLINE_CACHE);
      // Past the HTTP cache, so a new worker never keeps an old offline page.
      await cache.addAll(OFFLINE_ASSETS.map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith("kindred-") && name !== OFFLINE_CACHE)
          .map((name) => caches.delete(name)),
      );
      // The page request starts while the worker wakes up, instead of after.
      if (self.registration.navigationPreload) {
        await self.registration.navigationPreload.enable();
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  // The offline page's own stylesheet and mark, from the cache; every other request (the API
  // above all) goes to the network untouched.
  const url = new URL(request.url);
  if (
    request.method === "GET" &&
    url.origin === self.location.origin &&
    OFFLINE_ASSETS.includes(url.pathname)
  ) {
    event.respondWith(caches.match(url.pathname).then((hit) => hit || fetch(request)));
  }
});

/** Network first; the offline page only when the network fails (an HTTP error is passed on). */
async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE);
    return offline || Response.error();
  }
}

self.addEventListener("push", (event) => {
  const payload = readPushPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      // Unread notifications about one subject are grouped by the server; so are their pushes.
      tag: payload.tag || undefined,
      renotify: Boolean(payload.tag),
      data: { url: payload.url },
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
    }),
  );
});

/** The payload {title, body, url, tag}; a generic notification when it cannot be read. */
function readPushPayload(data) {
  let payload;
  try {
    payload = data ? data.json() : undefined;
  } catch {
    payload = undefined;
  }
  if (!payload || typeof payload !== "object" || typeof payload.title !== "string") {
    return { ...GENERIC_NOTIFICATION, url: sameOriginUrl(GENERIC_NOTIFICATION.url) };
  }
  const text = (value) => (typeof value === "string" ? value : "");
  return {
    title: payload.title || GENERIC_NOTIFICATION.title,
    body: text(payload.body),
    url: sameOriginUrl(payload.url),
    tag: text(payload.tag),
  };
}

/** An absolute address on this origin: a foreign or malformed one becomes the fallback page. */
function sameOriginUrl(raw) {
  try {
    const url = new URL(typeof raw === "string" && raw ? raw : FALLBACK_PATH, self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // Not an address at all.
  }
  return new URL(FALLBACK_PATH, self.location.origin).href;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data;
  event.waitUntil(openNotificationTarget(data ? data.url : undefined));
});

/**
 * Shows `rawUrl` (this origin only): an open Kindred tab is focused and sent there, preferring
 * one already on that page; with none open, a new window opens on it.
 */
async function openNotificationTarget(rawUrl) {
  const url = sameOriginUrl(rawUrl);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const target =
    ours.find((client) => client.url === url) ||
    ours.find((client) => client.focused) ||
    ours.find((client) => client.visibilityState === "visible") ||
    ours[0];
  if (!target) return self.clients.openWindow(url);
  let client = target;
  try {
    client = (await target.focus()) || target;
  } catch {
    // Focus is only allowed right after a click; the tab is still sent to the page.
  }
  if (client.url === url) return client;
  try {
    return (await client.navigate(url)) || client;
  } catch {
    // A tab this worker does not control cannot be navigated: open the page beside it.
    return self.clients.openWindow(url);
  }
}
