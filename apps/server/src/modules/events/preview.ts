import { isUuid } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { firstLine, type PageAnswer } from "../../plugins/page-meta.ts";
import { findEvent } from "./repository.ts";

/** A member id that is no one's: what a visitor without a community account sees. */
const NO_MEMBER = "00000000-0000-0000-0000-000000000000";

/**
 * The preview of `/services/events/{eventId}`: the event's title, its first line of description
 * (or its place) as a visitor sees it; an event held, hidden, by a hidden host or of no such id is
 * the not-found page.
 */
export async function eventPreview(
  app: Pick<FastifyInstance, "db">,
  params: Record<string, string>,
): Promise<PageAnswer> {
  const id = params.eventId ?? "";
  if (!isUuid(id)) return { found: false };
  const event = await findEvent(app.db, id.toLowerCase(), NO_MEMBER);
  if (!event) return { found: false };
  return {
    found: true,
    preview: {
      title: event.cancelledAt ? `Cancelled: ${event.title}` : event.title,
      description: firstLine(event.description) ?? firstLine(event.location),
    },
  };
}
