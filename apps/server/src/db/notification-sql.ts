import { NOTIFICATION_ACTORS_SHOWN } from "@kindred/shared";
import { sql } from "drizzle-orm";
import { blockedEitherWay } from "../modules/users/fragments.ts";

// SQL fragments about a notification aliased `n`, shared by everything that tells a person about
// one outside the centre (push, the digest) and by the centre itself, so all of them count the
// same actors and leave out the same blocked people.

/** An actor of `n` who is not blocked either way with its person. */
const visibleActor = sql`a.notification_id = n.id and not ${blockedEitherWay(sql`n.user_id`, sql`a.actor_id`)}`;

/**
 * What the sentence is made of, in the notification centre's terms: the actors not blocked either
 * way (first names of the latest three, and their count), and for a message the messages since
 * the notification began that are still unread.
 */
export const sentenceColumns = sql`
  coalesce((
    select array_agg(first_name order by created_at desc, actor_id desc) from (
      select u.first_name, a.created_at, a.actor_id from notification_actors a
      join users u on u.id = a.actor_id
      where ${visibleActor}
      order by a.created_at desc, a.actor_id desc
      limit ${NOTIFICATION_ACTORS_SHOWN}
    ) shown
  ), '{}') as "actorNames",
  (
    select count(*) from notification_actors a
    where ${visibleActor}
  )::int as "actorCount",
  case when n.kind = 'message' then greatest(1, (
    select count(*) from chat_messages s
    join chat_messages m on m.conversation_id = s.conversation_id
      and m.seq <= s.seq
      and m.seq > coalesce((
        select last_read_seq from chat_reads r
        where r.conversation_id = s.conversation_id and r.user_id = n.user_id
      ), 0)
    where s.id = n.subject_id and m.to_user_id = n.user_id and m.created_at >= n.created_at
  )) else 1 end::int as "messageCount"
`;

/** Kinds caused by people: with no actor left (blocked, deleted) there is nothing to tell. */
export const stillMeaningful = sql`(n.kind not in ('request_received', 'request_accepted', 'message', 'post_reply') or exists (
  select 1 from notification_actors a
  where ${visibleActor}
))`;
