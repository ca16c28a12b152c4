import {
  availabilityBodySchema,
  availabilitySchema,
  envelope,
  meetupSchema,
  overlapSchema,
  pathIdSchema,
  userParamsSchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_RESPONSES, errorResponse } from "../../plugins/openapi.ts";
import {
  answerMeetup,
  availabilityOf,
  cancelMeetup,
  meetupCalendarFile,
  meetupReminderHandler,
  NOT_CONNECTED,
  overlapWith,
  setAvailability,
} from "./service.ts";

const tags = ["meet-ups"];
const notConnected = errorResponse("The two are not connected (`code` NOT_CONNECTED)");
const idParams = z.object({ id: pathIdSchema });
const MEETUP_NOT_FOUND = {
  status: 404,
  code: "MEETUP_NOT_FOUND",
  message: "No such meet-up.",
} as const;

/**
 * A time to meet: the week's free hours, their overlap, and the answers to meet-ups (proposed
 * through the chat: POST /meetups, chat/routes.ts). Registers the reminders' handler.
 */
export async function meetupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.jobs.handle("meetup_reminder", meetupReminderHandler(app));

  r.get(
    "/account/availability",
    {
      schema: {
        tags,
        summary: "My week's free hours (private: others only see where theirs overlap)",
        response: { 200: envelope(availabilitySchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Availability loaded",
      data: await availabilityOf(app, request.userId),
    }),
  );

  r.put(
    "/account/availability",
    {
      schema: {
        tags,
        summary: "Replace my week's free hours (day 0 Sunday to 6, hour 0 to 23, in my time zone)",
        body: availabilityBodySchema,
        response: { 200: envelope(availabilitySchema), 400: ERROR_RESPONSES[400] },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Availability saved",
      data: await setAvailability(app, request.userId, request.body.slots),
    }),
  );

  r.get(
    "/chat/:userId/overlap",
    {
      schema: {
        tags,
        summary: "The hours both of us are free in the next 14 days, as ranges",
        params: userParamsSchema,
        response: { 200: envelope(overlapSchema), 403: notConnected },
      },
      config: { unknownId: NOT_CONNECTED },
    },
    async (request) => ({
      status: 1 as const,
      message: "Overlap loaded",
      data: await overlapWith(app, request.userId, request.params.userId),
    }),
  );

  for (const [action, message] of [
    ["accept", "Meet-up accepted"],
    ["decline", "Meet-up declined"],
    ["cancel", "Meet-up cancelled"],
  ] as const) {
    r.post(
      `/meetups/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === "cancel"
              ? "Cancel a meet-up (either person); the other is told"
              : `${action === "accept" ? "Accept" : "Decline"} a meet-up suggested to me; the other is told`,
          params: idParams,
          response: {
            200: envelope(meetupSchema),
            403: errorResponse("Only the person it was suggested to answers it"),
            404: errorResponse("No such meet-up of mine"),
            409: errorResponse("Answered or cancelled already"),
          },
        },
        config: { unknownId: MEETUP_NOT_FOUND },
      },
      async (request) => {
        const { id } = request.params;
        const meetup =
          action === "cancel"
            ? await cancelMeetup(app, request.userId, id)
            : await answerMeetup(
                app,
                request.userId,
                id,
                action === "accept" ? "accepted" : "declined",
              );
        return { status: 1 as const, message, data: meetup };
      },
    );
  }

  r.get(
    "/meetups/:id/calendar.ics",
    {
      schema: {
        tags,
        summary: "The meet-up as an iCalendar file (RFC 5545), for either person",
        params: idParams,
        response: {
          200: {
            description: "An iCalendar file (RFC 5545)",
            content: { "text/calendar": { schema: z.string() } },
          },
          404: errorResponse("No such meet-up of mine"),
        },
      },
      config: { unknownId: MEETUP_NOT_FOUND },
    },
    async (request, reply) => {
      const file = await meetupCalendarFile(app, request.userId, request.params.id);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="meetup-${file.id}.ics"`)
        .header("cache-control", "private, no-store")
        .send(file.text);
    },
  );
}
