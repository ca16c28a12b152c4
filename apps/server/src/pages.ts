import { BLOG_POSTS, PAGE_PATTERNS } from "@kindred/shared";
import { eventPreview } from "./modules/events/preview.ts";
import { groupPreview } from "./modules/groups/preview.ts";
import { publicProfilePreview } from "./modules/public-profile/preview.ts";
import { firstLine, type PagePreviewers } from "./plugins/page-meta.ts";

/**
 * The web app's pages that have an id in their address: whether the id names something (else the
 * not-found page with 404) and what a shared link to it shows (plugins/static-spa.ts). Every
 * other page in PAGE_PATTERNS is answered as it is.
 */
export const PAGE_PREVIEWS: PagePreviewers = {
  [PAGE_PATTERNS.publicProfilePattern]: publicProfilePreview,
  [PAGE_PATTERNS.eventPattern]: eventPreview,
  [PAGE_PATTERNS.groupPattern]: groupPreview,
  [PAGE_PATTERNS.blogPostPattern]: async (_app, params) => {
    const post = BLOG_POSTS.find((candidate) => candidate.id === params.slug);
    if (!post) return { found: false };
    return {
      found: true,
      preview: { title: post.title, description: firstLine(post.content), type: "article" },
    };
  },
};
