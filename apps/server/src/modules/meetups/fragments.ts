import { type SQL, sql } from "drizzle-orm";

// The SQL the meetups module lends to the chat's repository: a proposal message's meet-up.

/** The meet-up with this id as the contract's Meetup JSON (null when there is none). */
export function meetupJson(meetupId: SQL): SQL {
  return sql`(select json_build_object('_id', mu.id, 'proposedBy', mu.proposed_by,
      'proposedTo', mu.proposed_to,
      'start', to_char(mu.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'end', to_char(mu.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'place', mu.place, 'link', mu.link, 'note', mu.note, 'state', mu.state,
      'cancelledBy', mu.cancelled_by)
    from meetups mu where mu.id = ${meetupId})`;
}
