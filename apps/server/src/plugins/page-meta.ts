import type { PagePattern } from "@kindred/shared";
import type { FastifyInstance } from "fastify";

// What the server writes into index.html for one page address: the status (a page the web app
// has, or not), and for a shareable page its title and Open Graph / Twitter card tags, so that a
// link pasted into a chat or a post unfurls with a name, a line of text and a picture.

/** The preview of a page: plain text (escaped here), `image` a path or an absolute URL. */
export type PagePreview = {
  title: string;
  description?: string;
  image?: string;
  /** og:type; "website" unless said. */
  type?: "website" | "profile" | "article";
};

/**
 * A page address with an id in it: `found: false` when it names nothing (the not-found page and
 * 404), else the page, with a preview when it may have one (none for an under-18's profile).
 */
export type PageAnswer = { found: false } | { found: true; preview?: PagePreview };

export type PagePreviewer = (
  app: FastifyInstance,
  params: Record<string, string>,
) => Promise<PageAnswer>;

export type PagePreviewers = Partial<Record<PagePattern, PagePreviewer>>;

/** Names an unfurled link shows at most of a text. */
const DESCRIPTION_MAX = 200;
const TITLE_MAX = 120;
export const SITE_NAME = "Kindred";
export const NOT_FOUND_TITLE = "Page not found";

/** Text for an HTML attribute or element: no control characters, the five specials escaped. */
export function escapeHtml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&#39;")
  );
}

/** At most `max` characters (whole code points), with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}

/** The first non-empty line of a text (an about, a description), clipped; undefined for none. */
export function firstLine(text: string | null | undefined): string | undefined {
  const line = (text ?? "").split(/\r\n|\r|\n/).find((candidate) => candidate.trim() !== "");
  return line === undefined ? undefined : clip(line, DESCRIPTION_MAX);
}

/** "Ada Lovelace · Kindred". */
export function pageTitle(title: string): string {
  const clipped = clip(title, TITLE_MAX);
  return clipped ? `${clipped} · ${SITE_NAME}` : SITE_NAME;
}

function absolute(origin: string, address: string): string {
  return new URL(address, origin).toString();
}

/** The head tags of a preview: og:* and twitter:* naming the page at `pagePath`. */
export function previewTags(origin: string, pagePath: string, preview: PagePreview): string {
  const title = clip(preview.title, TITLE_MAX) || SITE_NAME;
  const url = absolute(origin, pagePath);
  const image = preview.image ? absolute(origin, preview.image) : undefined;
  const properties: [string, string | undefined][] = [
    ["og:type", preview.type ?? "website"],
    ["og:site_name", SITE_NAME],
    ["og:title", title],
    ["og:description", preview.description],
    ["og:url", url],
    ["og:image", image],
  ];
  const names: [string, string | undefined][] = [
    ["twitter:card", image ? "summary_large_image" : "summary"],
    ["twitter:title", title],
    ["twitter:description", preview.description],
    ["twitter:image", image],
  ];
  const tags = [
    ...properties
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => `<meta property="${key}" content="${escapeHtml(value)}">`),
    ...names
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => `<meta name="${key}" content="${escapeHtml(value)}">`),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ];
  return tags.join("");
}

const TITLE_ELEMENT = /<title>[\s\S]*?<\/title>/;

/** index.html with its `<title>` replaced (the text escaped here) and tags added to its head. */
export function withHead(html: string, title: string | undefined, tags: string): string {
  let page = html;
  let added = tags;
  if (title !== undefined) {
    const element = `<title>${escapeHtml(title)}</title>`;
    if (TITLE_ELEMENT.test(page)) page = page.replace(TITLE_ELEMENT, () => element);
    else added = `${element}${added}`;
  }
  if (!added) return page;
  const at = page.indexOf("</head>");
  return at === -1 ? `${added}${page}` : `${page.slice(0, at)}${added}${page.slice(at)}`;
}

/** The not-found page's own head: its title, and no indexing. */
export const NOT_FOUND_TAGS = '<meta name="robots" content="noindex">';
