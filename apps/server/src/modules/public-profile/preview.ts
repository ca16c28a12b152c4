import type { FastifyInstance } from "fastify";
import { firstLine, type PageAnswer } from "../../plugins/page-meta.ts";
import { findUserByPublicId } from "../users/service.ts";
import { isRestricted } from "../users/user-view.ts";
import { findPublicProfile } from "./service.ts";

const PUBLIC_ID_MAX = 64;

/**
 * The preview of `/GetToKnowMe/{publicUserId}` as a visitor (a link unfurler) sees the page: the
 * person's name, the first line of their about and their photo. An under-18 (or someone of no
 * known age) is shown to no visitor, so their page gets no preview, only the site's title; no one
 * with the id, or a person moderation hides, is the not-found page.
 */
export async function publicProfilePreview(
  app: Pick<FastifyInstance, "db" | "now">,
  params: Record<string, string>,
): Promise<PageAnswer> {
  const publicUserId = params.publicUserId ?? "";
  if (publicUserId.length > PUBLIC_ID_MAX) return { found: false };
  const now = app.now();
  const profile = await findPublicProfile(app.db, publicUserId, async () => undefined, now);
  if (!profile) {
    const row = await findUserByPublicId(app.db, publicUserId);
    return row && !isRestricted(row, now) ? { found: true } : { found: false };
  }
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  return {
    found: true,
    preview: {
      title: name || "A Kindred profile",
      description: firstLine(profile.about),
      image: profile.photo?.large ?? profile.photoUrl,
      type: "profile",
    },
  };
}
