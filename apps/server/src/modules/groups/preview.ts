import { isUuid } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { firstLine, type PageAnswer } from "../../plugins/page-meta.ts";
import { findGroupDetail } from "./repository.ts";

/** A member id that is no one's: what a visitor without a community account sees. */
const NO_MEMBER = "00000000-0000-0000-0000-000000000000";

/**
 * The preview of `/services/groups/{groupId}`: the group's name and the first line of its
 * description as a visitor sees it; a group held, hidden, by a hidden creator or of no such id is
 * the not-found page.
 */
export async function groupPreview(
  app: Pick<FastifyInstance, "db">,
  params: Record<string, string>,
): Promise<PageAnswer> {
  const id = params.groupId ?? "";
  if (!isUuid(id)) return { found: false };
  const group = await findGroupDetail(app.db, NO_MEMBER, id.toLowerCase());
  if (!group) return { found: false };
  return { found: true, preview: { title: group.name, description: firstLine(group.description) } };
}
