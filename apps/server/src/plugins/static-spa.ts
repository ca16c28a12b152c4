import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { matchPage, PAGE_PATTERNS, type PageMatch } from "@kindred/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { canonicalPath, namesApiPath } from "./api-route.ts";
import { HttpError } from "./errors.ts";
import { pageLocale, withLang } from "./locale.ts";
import {
  NOT_FOUND_TAGS,
  NOT_FOUND_TITLE,
  type PageAnswer,
  type PagePreviewers,
  pageTitle,
  previewTags,
  withHead,
} from "./page-meta.ts";
import { preloadTagsFor, readBuildManifest, withPreloads } from "./route-preloads.ts";
import { SESSION_COOKIE } from "./session.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html") || accept.includes("*/*") || accept === "";
}

const missingBuildPage = (dir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kindred is not built yet</title></head>
<body><h1>Kindred: the web app is not built yet</h1>
<p>The server is running, but it found no built web app in <code>${dir.replace(/[<>&]/g, "")}</code>.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload this page.</p>
</body></html>`;

type CompressedPage = { identity: string; br: Buffer; gzip: Buffer };

/**
 * Each variant of index.html (a screen's preloads, with or without a session, the not-found page)
 * is compressed once. A page with one person's or event's preview is compressed for its answer
 * alone, at a quicker level, and not kept: there are as many as there are people.
 */
const compressedPages = new Map<string, CompressedPage>();

function compressedPage(html: string, keep = true): CompressedPage {
  if (!keep) {
    return {
      identity: html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(html, { level: 6 }),
    };
  }
  let page = compressedPages.get(html);
  if (!page) {
    page = {
      identity: html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    compressedPages.set(html, page);
  }
  return page;
}

/** br, then gzip, as the build's own files are chosen; a coding refused with q=0 is not used. */
function acceptedEncoding(header: string | string[] | undefined): "br" | "gzip" | "identity" {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/**
 * The address's path as the web router reads it (no query, doubled slashes as one, no trailing
 * slash), or undefined when it has a dot segment (no page of the app has one).
 */
function pagePathOf(url: string): string | undefined {
  const raw = (url.split(/[?#]/, 1)[0] ?? "").replace(/\/{2,}/g, "/");
  const trimmed = raw.length > 1 ? raw.replace(/\/+$/, "") : raw;
  if (trimmed.split("/").some((segment) => segment === "." || segment === "..")) return undefined;
  return trimmed || "/";
}

/** The page's own address, its ids encoded again (what og:url and the canonical link name). */
function addressOf(match: PageMatch): string {
  return match.pattern
    .split("/")
    .map((part) =>
      part.startsWith(":") ? encodeURIComponent(match.params[part.slice(1)] ?? "") : part,
    )
    .join("/");
}

export type StaticSpaOptions = {
  /** For the page patterns with an id: whether the id names something, and its preview. */
  previews?: PagePreviewers;
};

/**
 * Serves the built web app: fingerprinted assets cached for a year, index.html revalidated every
 * time so a new deploy is picked up, and every page of the web app (PAGE_PATTERNS, shared with
 * its router) answered with index.html; any other address, or a page whose id names nothing, gets
 * the same index.html (the app then shows its not-found page) with status 404. A shareable page
 * (a public profile, an event, a study group, a blog post) has its title and Open Graph tags
 * written in (page-meta.ts). Unknown /api paths stay JSON 404s. index.html names what the
 * requested screen loads first (route-preloads.ts), so its code and data start beside the entry
 * instead of after it.
 */
export const staticSpaPlugin = fp(
  async (app: FastifyInstance, options: StaticSpaOptions) => {
    const previews = options.previews ?? {};
    const root = app.config.webDistDir;
    const built = existsSync(path.join(root, "index.html"));
    const indexHtml = built ? readFileSync(path.join(root, "index.html"), "utf8") : "";
    const manifest = built ? readBuildManifest(root) : undefined;
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        // "/" is answered below like every other screen, with its preloads.
        index: false,
        // The build manifest is for the server, not for browsers.
        allowedPath: (pathName) => !pathName.startsWith("/.vite/"),
        // The build writes a .br and a .gz beside each text asset; they are sent as they are.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const relative = path.relative(root, filePath).split(path.sep).join("/");
          reply.header("cache-control", relative.startsWith("assets/") ? IMMUTABLE : REVALIDATE);
        },
      });
    } else {
      app.log.warn({ webDistDir: root }, "web app not built: serving a notice instead");
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      // No route matched, so the address is judged in every spelling (/%61pi/x, //api/x, /x/../api/x).
      if (namesApiPath(request.url)) {
        // The address is not echoed back: it is whatever the client chose to send.
        throw new HttpError(404, "NOT_FOUND", "There is no API endpoint at this address.");
      }
      if (!wantsHtml(request) || path.extname(canonicalPath(request.url)) !== "") {
        throw new HttpError(404, "NOT_FOUND", "Not found.");
      }
      if (!built) {
        return reply
          .code(503)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(missingBuildPage(root));
      }
      const pathname = canonicalPath(request.url).replace(/(.)\/+$/, "$1");
      const pagePath = pagePathOf(request.url);
      const match = pagePath === undefined ? undefined : matchPage(pagePath);
      const previewer = match ? previews[match.pattern] : undefined;
      let answer: PageAnswer = {
        found: Boolean(match && match.pattern !== PAGE_PATTERNS.notFound),
      };
      if (answer.found && match && previewer) {
        try {
          answer = await previewer(app, match.params);
        } catch (error) {
          // The database not answering costs the preview, not the page.
          request.log.warn({ err: error }, "page preview failed");
        }
      }
      const hasSession = Boolean(request.cookies[SESSION_COOKIE]);
      let html = withPreloads(indexHtml, preloadTagsFor(manifest, pathname, hasSession));
      if (!answer.found) {
        html = withHead(html, pageTitle(NOT_FOUND_TITLE), NOT_FOUND_TAGS);
      } else if (answer.preview && match) {
        html = withHead(
          html,
          pageTitle(answer.preview.title),
          previewTags(app.config.publicOrigin, addressOf(match), answer.preview),
        );
      }
      html = withLang(html, await pageLocale(request));
      const page = compressedPage(html, !answer.found || !answer.preview);
      const encoding = acceptedEncoding(request.headers["accept-encoding"]);
      reply
        .code(answer.found ? 200 : 404)
        .header("cache-control", REVALIDATE)
        // The page differs with and without a session cookie; caches must not mix the two.
        // …and with the language (`<html lang dir>`: the choice, the cookie or the browser's).
        .header("vary", "accept-encoding, accept-language, cookie")
        .type("text/html; charset=utf-8");
      if (encoding === "identity") return reply.send(page.identity);
      // With Content-Encoding set, the compression plugin leaves the bytes alone.
      return reply.header("content-encoding", encoding).send(page[encoding]);
    });
  },
  { name: "static-spa" },
);
