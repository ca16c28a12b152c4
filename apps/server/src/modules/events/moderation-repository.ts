import { moderatedRows } from "../../db/moderated-rows.ts";

// What the moderation module reads and changes of events (through service.ts's eventsModeration).

const events = moderatedRows({
  table: "community_events",
  author: "author_id",
  title: "title",
  text: "description",
});

export const findEventForModeration = events.find;
export const setEventVisibility = events.setVisibility;
export const removeEvent = events.remove;
