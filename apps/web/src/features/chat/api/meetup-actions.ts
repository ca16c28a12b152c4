import type { Envelope, Meetup, NewMeetupBody } from "@kindred/shared";
import { apiClient } from "@/lib/api-client.ts";
import { apiUrl } from "@/lib/api-url.ts";

// A meet-up's calls. The proposal comes back into the chat as a message (the socket's "message"
// event); each answer comes to both people's tabs as a "meetup" event.

/** Suggests a time to a connection; answers the stored meet-up. */
export async function proposeMeetup(body: NewMeetupBody): Promise<Meetup> {
  return (await apiClient.post<Envelope<Meetup>>("/meetups", body)).data;
}

export type MeetupAnswer = "accept" | "decline" | "cancel";

/** Accept or decline (only the person it was suggested to), or cancel (either). */
export async function answerMeetup(meetupId: string, answer: MeetupAnswer): Promise<Meetup> {
  const path = `/meetups/${encodeURIComponent(meetupId)}/${answer}`;
  return (await apiClient.post<Envelope<Meetup>>(path)).data;
}

/** Where the accepted meet-up downloads as a calendar file (.ics). */
export function meetupCalendarUrl(meetupId: string): string {
  return apiUrl(`/meetups/${encodeURIComponent(meetupId)}/calendar.ics`);
}
