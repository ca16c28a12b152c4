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
  NEXT_CURSOR_HEADER,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { encodedPage } from "../../lib/paging.ts";
import { ERROR_RESPONSES } from "../../plugins/openapi.ts";
import { limitPerMember, memberOf } from "../members/scope.ts";
import {
  calendarAddress,
  calendarFeed,
  eventCalendarFile,
  resetCalendarAddress,
} from "./calendar.ts";
import {
  answerEvent,
  cancelEvent,
  createEvent,
  deleteEvent,
  EVENT_NOT_FOUND,
  eventReminderHandler,
  getEvent,
  listEvents,
  OWN_EVENT_NOT_FOUND,
} from "./service.ts";

/** The OpenAPI answer of a calendar download. */
const CALENDAR_FILE = {
  description: "An iCalendar file (RFC 5545)",
  content: { "text/calendar": { schema: z.string() } },
};

const tags = ["community"];

/**
 * The community's events: in its member-only scope (plugins/scopes.ts), so every call here has
 * a verified community token. Also registers the reminders' job handler.
 */
export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.jobs.handle("event_reminder", eventReminderHandler(app));

  r.get(
    "/allevents",
    {
      schema: {
        tags,
        summary:
          "Events: upcoming (the default; soonest first, from now on) or past (most recent first)",
        querystring: eventsListQuerySchema,
        response: { 200: eventListPageSchema },
      },
    },
    async (request, reply) => {
      const page = encodedPage(await listEvents(app, memberOf(request).id, request.query));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return { events: page.items, nextCursor: page.nextCursor };
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
        body: createEventBodySchema,
        response: {
          201: envelope(eventDetailSchema),
          404: ERROR_RESPONSES[404],
          429: ERROR_RESPONSES[429],
        },
      },
      preHandler: limitPerMember(app, "events"),
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
        params: communityIdParamsSchema,
        response: { 200: envelope(eventDetailSchema) },
      },
      config: { unknownId: EVENT_NOT_FOUND },
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
        params: communityIdParamsSchema,
        body: eventRsvpBodySchema,
        response: { 200: envelope(eventRsvpSchema), 409: ERROR_RESPONSES[409] },
      },
      config: { unknownId: EVENT_NOT_FOUND },
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
        params: communityIdParamsSchema,
        response: { 200: envelope(eventDetailSchema), 409: ERROR_RESPONSES[409] },
      },
      config: { unknownId: EVENT_NOT_FOUND },
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
        params: communityIdParamsSchema,
        response: { 200: envelope(deletedCommunityItemSchema) },
      },
      config: { unknownId: OWN_EVENT_NOT_FOUND },
    },
    async (request) => {
      await deleteEvent(app, request.params.id, memberOf(request));
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
        params: communityIdParamsSchema,
        response: { 200: CALENDAR_FILE },
      },
      config: { unknownId: EVENT_NOT_FOUND },
    },
    async (request, reply) => {
      const file = await eventCalendarFile(app, request.params.id, memberOf(request).id);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="event-${file.eventId}.ics"`)
        .header("cache-control", "private, no-store")
        .send(file.text);
    },
  );

  r.get(
    "/calendar",
    {
      schema: {
        tags,
        summary: "Your private calendar address, for calendar apps (made on first ask)",
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

/** `GET /api/calendar/:token.ics`: no session or token, the address itself is the secret. */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/calendar/:file",
    {
      schema: {
        tags,
        summary:
          "A member's private calendar (`<token>.ics`, iCalendar) of the events they are going to, for calendar apps",
        params: z.object({ file: z.string().max(100) }),
        response: { 200: CALENDAR_FILE },
      },
    },
    async (request, reply) => {
      const text = await calendarFeed(app, request.params.file);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=300")
        .header("x-robots-tag", "noindex")
        .send(text);
    },
  );
}
