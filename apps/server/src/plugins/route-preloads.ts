import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { FEED_DEFAULT_LIMIT } from "@kindred/shared";

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by its source file. */
type ManifestChunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};
export type BuildManifest = Record<string, ManifestChunk>;

/** A screen's first needs: the modules the router loads for it and the API reads it starts with. */
type RouteNeeds = { modules: string[]; data?: string[] };

/** What main.tsx starts: the landing page drawn without the router, or the whole app. */
export const LANDING_FIRST = "src/app/landing-first.tsx";
export const APP = "src/app/app.tsx";
/** Where the Spanish and Arabic messages' chunks come from: not a screen's start. */
const LOCALE_CHUNKS = "src/locales/";
const SHELL = "src/app/app-shell.tsx";
const SIGNED_IN = [SHELL, "src/app/layouts/main-layout.tsx", "src/app/guards.tsx"];
const ME = "/api/profile/view";

/**
 * The screens a signed-in person opens directly, as router.tsx nests them (shell, layout, guard,
 * page). Without these hints a first visit loads the entry, then the route's chunks, then the
 * session, then the screen's data, one after the other.
 */
export const ROUTE_NEEDS: Record<string, RouteNeeds> = {
  // Someone signed in sees the landing page through the router (a visitor's comes first).
  "/": { modules: ["src/app/landing-route.tsx"] },
  "/home": {
    modules: [...SIGNED_IN, "src/features/feed/routes/feed-page.tsx"],
    data: [`/api/feed?limit=${FEED_DEFAULT_LIMIT}`],
  },
  "/connections": {
    modules: [...SIGNED_IN, "src/features/connections/routes/connections-page.tsx"],
    data: ["/api/user/connections"],
  },
  "/chat": {
    modules: [...SIGNED_IN, "src/features/chat/routes/chat-page.tsx"],
    data: ["/api/chat/conversations"],
  },
  "/requests": { modules: [...SIGNED_IN, "src/features/requests/routes/requests-page.tsx"] },
  "/notifications": {
    modules: [...SIGNED_IN, "src/features/notifications/routes/notifications-page.tsx"],
  },
  "/profile": { modules: [...SIGNED_IN, "src/features/profile/routes/profile-page.tsx"] },
  "/settings": { modules: [...SIGNED_IN, "src/app/settings-page.tsx"] },
  "/community": { modules: [SHELL, "src/features/community/routes/community-page.tsx"] },
};

export function readBuildManifest(webDistDir: string): BuildManifest | undefined {
  const file = path.join(webDistDir, ".vite", "manifest.json");
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as BuildManifest;
  } catch {
    return undefined;
  }
}

/** Every chunk a module needs before it runs (its static imports, transitively), itself first. */
function chunkClosure(manifest: BuildManifest, keys: string[], into = new Set<string>()) {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    chunkClosure(manifest, manifest[key].imports ?? [], into);
  }
  return into;
}

/**
 * The manifest key of the chunk main.tsx starts the app from: src/app/app.tsx when Vite names it
 * so, else the entry's one dynamic import besides the landing page's (the bundler may merge app.tsx
 * into the chunk the router shares with the screens, which then has no source name).
 */
export function appStartKey(manifest: BuildManifest, entries: string[]): string | undefined {
  if (manifest[APP]) return APP;
  const dynamic = new Set<string>();
  for (const key of chunkClosure(manifest, entries)) {
    for (const target of manifest[key]?.dynamicImports ?? []) dynamic.add(target);
  }
  dynamic.delete(LANDING_FIRST);
  // A language's messages (src/locales/es.ts, ar.ts) load beside the start when chosen.
  for (const target of dynamic) if (target.startsWith(LOCALE_CHUNKS)) dynamic.delete(target);
  return dynamic.size === 1 ? [...dynamic][0] : undefined;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The `<link>` tags that let a screen's code and first data load beside the entry: modulepreload
 * for the chunks main.tsx starts with (the landing page drawn without the router for a visitor on
 * "/", the app with its router everywhere else), then for the screen's own chunks at low priority
 * (those index.html does not already load), a style preload for their CSS at low priority, and,
 * when the request carries a session, fetch preloads for the session and the screen's first
 * reads, which the app's own requests (same address, credentials included) then take over.
 */
export function preloadTagsFor(
  manifest: BuildManifest | undefined,
  pathname: string,
  hasSession: boolean,
): string {
  const visitorLanding = pathname === "/" && !hasSession;
  const needs = visitorLanding ? undefined : ROUTE_NEEDS[pathname];
  const tags: string[] = [];
  if (manifest) {
    const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    const loaded = chunkClosure(manifest, entries);
    const css = new Set<string>();
    const preload = (keys: string[], priority: string) => {
      for (const key of chunkClosure(manifest, keys)) {
        if (loaded.has(key)) continue;
        loaded.add(key);
        const chunk = manifest[key] as ManifestChunk;
        tags.push(
          `<link rel="modulepreload" crossorigin${priority} href="/${escapeAttribute(chunk.file)}">`,
        );
        for (const file of chunk.css ?? []) css.add(file);
      }
    };
    const start = visitorLanding ? LANDING_FIRST : appStartKey(manifest, entries);
    if (start) preload([start], "");
    preload(needs?.modules ?? [], ' fetchpriority="low"');
    for (const file of css) {
      tags.push(
        `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${escapeAttribute(file)}">`,
      );
    }
  }
  if (hasSession && needs) {
    for (const url of [ME, ...(needs.data ?? [])]) {
      tags.push(
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(url)}">`,
      );
    }
  }
  return tags.join("");
}

/** index.html with the tags placed at the end of its head (unchanged when there are none). */
export function withPreloads(html: string, tags: string): string {
  if (!tags) return html;
  const at = html.indexOf("</head>");
  return at === -1 ? `${tags}${html}` : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
