import {
  calendarAddressSchema,
  communityIdParamsSchema,
  createEventBodySchema,
  deletedCommunityItemSchema,
  EVENT_MESSAGES,
  envelope,
  eventDetailSchema,
  eventListPageSchema,
  eventRsvpBodySchema,
  eventRsvpSchema,
  eventsListQuerySchema,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { DEFAULT_COMMUNITY_CREATE_PER_MEMBER } from "../../config.ts";
import { HttpError } from "../../plugins/errors.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { encodeCursor } from "./cursor.ts";
import {
  CALENDAR_FILE,
  calendarAddress,
  calendarText,
  resetCalendarAddress,
} from "./events-calendar.ts";
import { listEvents } from "./events-repository.ts";
import {
  answerEvent,
  cancelEvent,
  createEvent,
  deleteEvent,
  eventReminderHandler,
  getEvent,
  toListItem,
  visibleEvent,
} from "./events-service.ts";
import { cursorFrom, limitPerMember, memberOf } from "./member-scope.ts";

/**
 * The community's events: registered inside its protected scope (routes.ts `memberRoutes`), so
 * every call here has a verified community token. Also registers the reminders' job handler.
 */
export async function communityEventRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ["community"];
  const createRule = app.config.communityCreatePerMember ?? DEFAULT_COMMUNITY_CREATE_PER_MEMBER;

  app.jobs.handle("event_reminder", eventReminderHandler(app));

  r.get(
    "/allevents",
    {
      schema: {
        tags,
        summary:
          "Events: upcoming (the default; soonest first, from now on) or past (most recent first)",
        security,
        querystring: eventsListQuerySchema,
        response: { 200: eventListPageSchema },
      },
    },
    async (request) => {
      const page = await listEvents(app.db, memberOf(request).id, {
        when: request.query.when,
        now: app.now(),
        cursor: cursorFrom(request.query.cursor),
        limit: request.query.limit,
      });
      return {
        events: page.rows.map(toListItem),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
    },
  );

  // On the untyped instance, like the community's other creations: the body is checked against
  // the schema before the handler runs.
  app.post(
    "/createevent",
    {
      schema: {
        tags,
        summary:
          "Create an event as the token's member (the host is going); capacity and study group optional",
        security,
        body: createEventBodySchema,
        response: {
          201: envelope(eventDetailSchema),
          404: ERROR_RESPONSES[404],
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: limitPerMember(app, "events", createRule),
    },
    async (request, reply) => {
      const body = request.body as z.infer<typeof createEventBodySchema>;
      const data = await createEvent(app, memberOf(request), body);
      return reply.code(201).send({ status: 1, message: "Event created", data });
    },
  );

  r.get(
    "/event/:id",
    {
      schema: {
        tags,
        summary: "An event with its host, counts, who is going and the viewer's answer",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(eventDetailSchema) },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: "Event",
      data: await getEvent(app, request.params.id, memberOf(request).id),
    }),
  );

  r.put(
    "/event/:id/rsvp",
    {
      schema: {
        tags,
        summary:
          "Going or not going; past the capacity, going puts you on the waitlist (409 once started or cancelled)",
        security,
        params: communityIdParamsSchema,
        body: eventRsvpBodySchema,
        response: { 200: envelope(eventRsvpSchema), 409: ERROR_RESPONSES[409] },
      },
    },
    async (request) => {
      const data = await answerEvent(
        app,
        request.params.id,
        memberOf(request),
        request.body.status,
      );
      const message =
        data.myRsvp === "going"
          ? EVENT_MESSAGES.going
          : data.myRsvp === "waitlisted"
            ? EVENT_MESSAGES.waitlisted
            : EVENT_MESSAGES.notGoing;
      return { status: 1 as const, message, data };
    },
  );

  r.post(
    "/event/:id/cancel",
    {
      schema: {
        tags,
        summary: "Cancel your own upcoming event: it stays, marked, and everyone answering is told",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(eventDetailSchema), 409: ERROR_RESPONSES[409] },
      },
    },
    async (request) => ({
      status: 1 as const,
      message: EVENT_MESSAGES.eventCancelled,
      data: await cancelEvent(app, request.params.id, memberOf(request)),
    }),
  );

  r.delete(
    "/event/:id",
    {
      schema: {
        tags,
        summary:
          "Delete an event of your own (people going or waiting to an upcoming one are told it is cancelled)",
        security,
        params: communityIdParamsSchema,
        response: { 200: envelope(deletedCommunityItemSchema) },
      },
    },
    async (request) => {
      const deleted = await deleteEvent(app, request.params.id, memberOf(request));
      if (!deleted) throw new HttpError(404, "NOT_FOUND", EVENT_MESSAGES.notYours);
      return {
        status: 1 as const,
        message: "Deleted the event",
        data: { _id: request.params.id.toLowerCase() },
      };
    },
  );

  r.get(
    "/event/:id/calendar.ics",
    {
      schema: {
        tags,
        summary: "The event as an iCalendar (RFC 5545) file, for any member who may see it",
        security,
        params: communityIdParamsSchema,
        response: { 200: CALENDAR_FILE },
      },
    },
    async (request, reply) => {
      const event = await visibleEvent(app.db, request.params.id, memberOf(request).id);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="event-${event.id}.ics"`)
        .header("cache-control", "private, no-store")
        .send(calendarText(app, [event], event.title));
    },
  );

  r.get(
    "/calendar",
    {
      schema: {
        tags,
        summary: "Your private calendar address, for calendar apps (made on first ask)",
        security,
        response: { 200: envelope(calendarAddressSchema) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return {
        status: 1 as const,
        message: "Your calendar address",
        data: { url: await calendarAddress(app, memberOf(request).id) },
      };
    },
  );

  r.post(
    "/calendar/reset",
    {
      schema: {
        tags,
        summary: "A new private calendar address; the old one stops working",
        security,
        response: { 200: envelope(calendarAddressSchema) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return {
        status: 1 as const,
        message: EVENT_MESSAGES.calendarReset,
        data: { url: await resetCalendarAddress(app, memberOf(request).id) },
      };
    },
  );
}
