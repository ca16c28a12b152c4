import {
  envelope,
  markReadBodySchema,
  NOTIFICATION_MESSAGES,
  notificationPageAnswerSchema,
  notificationSettingsPatchSchema,
  notificationSettingsSchema,
  notificationsQuerySchema,
  unreadCountsSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { pagedAnswer } from "../../lib/paging.ts";
import { HttpError } from "../../plugins/errors.ts";
import {
  announceUnread,
  getSettings,
  listNotifications,
  markRead,
  unreadCounts,
  updateSettings,
} from "./service.ts";

const BAD_CURSOR = "cursor must be a nextCursor this server gave.";

/** The notification centre: the list, the badges, marking read and the settings per kind. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary: "My notifications, newest activity first; pass nextCursor as cursor for more",
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageAnswerSchema },
      },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const page = await listNotifications(app.db, request.userId, cursor, limit);
      if (!page) {
        throw new HttpError(400, "VALIDATION_ERROR", BAD_CURSOR, [
          { path: "cursor", message: BAD_CURSOR },
        ]);
      }
      return pagedAnswer(reply, "Notifications loaded", page);
    },
  );

  r.get(
    "/notifications/unread",
    {
      schema: {
        tags: ["notifications"],
        summary: "The three badges: unread notifications, pending requests, unread messages",
        response: { 200: envelope(unreadCountsSchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Unread counts loaded",
      data: await unreadCounts(app.db, request.userId),
    }),
  );

  r.post(
    "/notifications/read",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark the named notifications of mine, or all, read; answers how many stay unread",
        body: markReadBodySchema,
        response: { 200: envelope(z.object({ notifications: z.number().int().min(0) })) },
      },
    },
    async (request) => {
      const { changed, counts } = await markRead(app.db, request.userId, request.body);
      // Every tab of the person follows, this one included.
      if (changed > 0) await announceUnread(app, [request.userId]);
      return {
        status: 1 as const,
        message: "Marked as read",
        data: { notifications: counts.notifications },
      };
    },
  );

  r.get(
    "/notifications/settings",
    {
      schema: {
        tags: ["notifications"],
        summary: "Push and email per kind (a kind never set has both on)",
        response: { 200: envelope(notificationSettingsSchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Notification settings loaded",
      data: await getSettings(app.db, request.userId),
    }),
  );

  r.put(
    "/notifications/settings",
    {
      schema: {
        tags: ["notifications"],
        summary: "Change any kinds' channels; answers the whole settings",
        body: notificationSettingsPatchSchema,
        response: { 200: envelope(notificationSettingsSchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: NOTIFICATION_MESSAGES.settingsSaved,
      data: await updateSettings(app.db, request.userId, request.body),
    }),
  );
}
