import type {
  CommunityTokenClaims,
  Envelope,
  EventDetail,
  EventRsvp,
  EventRsvpBody,
} from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";
import { eventKey } from "./get-event.ts";

export type RsvpStatus = EventRsvpBody["status"];

export async function answerEvent(
  token: string,
  id: string,
  status: RsvpStatus,
): Promise<EventRsvp> {
  const answer = await apiClient.put<Envelope<EventRsvp>>(
    `${COMMUNITY_PATH}/event/${encodeURIComponent(id)}/rsvp`,
    { status },
    { headers: bearer(token) },
  );
  return answer.data;
}

/**
 * What the page shows before the server answers: the server's rule guessed from the counts on
 * screen (past the capacity, going waits at the end of the line). Its answer replaces the guess.
 */
export function predictAnswer(
  event: EventDetail,
  status: RsvpStatus,
  me: { _id: string; name: string },
): EventDetail {
  const mine = event.myRsvp ?? "not_going";
  if (status === "going") {
    if (mine !== "not_going") return event;
    if (event.capacity !== null && event.going >= event.capacity) {
      return {
        ...event,
        myRsvp: "waitlisted",
        myPosition: event.waitlisted + 1,
        waitlisted: event.waitlisted + 1,
      };
    }
    return {
      ...event,
      myRsvp: "going",
      myPosition: null,
      going: event.going + 1,
      attendees: [...event.attendees.filter((person) => person._id !== me._id), me],
    };
  }
  if (mine === "going") {
    return {
      ...event,
      myRsvp: "not_going",
      going: Math.max(0, event.going - 1),
      attendees: event.attendees.filter((person) => person._id !== me._id),
    };
  }
  if (mine === "waitlisted") {
    return {
      ...event,
      myRsvp: "not_going",
      myPosition: null,
      waitlisted: Math.max(0, event.waitlisted - 1),
    };
  }
  return event;
}

type AnswerOptions = { onExpired: () => void };

/**
 * Going or not going, shown at once; a failure puts the page back and says so in a toast (with
 * Retry when asking again can help); a refused token ends the community session.
 */
export function useAnswerEvent(
  token: string,
  id: string,
  claims: CommunityTokenClaims,
  { onExpired }: AnswerOptions,
) {
  const queryClient = useQueryClient();
  const key = eventKey(token, id);
  return useOptimisticMutation({
    mutationFn: (status: RsvpStatus) => answerEvent(token, id, status),
    apply: async (status) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<EventDetail>(key);
      if (!before) return undefined;
      const me = { _id: claims.id, name: claims.uname };
      queryClient.setQueryData<EventDetail>(key, predictAnswer(before, status, me));
      return () => queryClient.setQueryData(key, before);
    },
    failure: (status) =>
      status === "going" ? t`Couldn't say you are going.` : t`Couldn't say you are not going.`,
    onUnauthorized: onExpired,
    onSuccess: (answer) => {
      queryClient.setQueryData<EventDetail>(key, (event) =>
        event ? { ...event, ...answer } : event,
      );
      // The names going and the lists' counts come from the server.
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: communityKeys.events(token) });
    },
  });
}
