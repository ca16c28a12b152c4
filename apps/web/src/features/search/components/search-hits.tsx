import {
  eventPath,
  groupPagePath,
  postPagePath,
  publicProfilePath,
  type SearchResults,
  type SearchType,
} from "@kindred/shared";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CalendarDays, MessagesSquare, type UserRound, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar.tsx";

/** One thing found, as a list shows it: where it leads, its kind, a title and a line under it. */
export type SearchHit = {
  key: string;
  type: SearchType;
  to: string;
  title: string;
  detail: string;
  picture: ReactNode;
};

export const KIND_LABELS: Record<SearchType, MessageDescriptor> = {
  people: msg`People`,
  posts: msg`Posts`,
  groups: msg`Study groups`,
  events: msg`Events`,
};

/** The button that asks for more of one kind. */
export const SHOW_MORE_LABELS: Record<SearchType, MessageDescriptor> = {
  people: msg`Show more people`,
  posts: msg`Show more posts`,
  groups: msg`Show more study groups`,
  events: msg`Show more events`,
};

/** What a search without a match says (the server's SEARCH_MESSAGES.nothing, word for word). */
export const NOTHING_FOUND = msg`Nothing matches your search yet. Check the spelling or try fewer words.`;

function icon(Icon: typeof UserRound) {
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}

/** The answer's four kinds as hits, each kind in the order the server ranked them. */
export function hitsOf(results: SearchResults, i18n: I18n): Record<SearchType, SearchHit[]> {
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const cancelled = i18n._(msg`Cancelled`);
  return {
    people: results.people.map((person) => {
      const name = `${person.firstName} ${person.lastName}`.trim();
      return {
        key: `people:${person._id}`,
        type: "people" as const,
        to: publicProfilePath(person.publicId),
        title: name,
        detail: person.skills.slice(0, 4).join(", "),
        picture: (
          <Avatar
            src={person.photoUrl}
            photo={person.photo}
            name={name}
            userId={person._id}
            size="sm"
          />
        ),
      };
    }),
    posts: results.posts.map((post) => ({
      key: `posts:${post.id}`,
      type: "posts" as const,
      to: postPagePath({ id: post.id, groupId: post.groupId }),
      title: post.title,
      detail: `${post.authorName} · ${post.excerpt}`,
      picture: icon(MessagesSquare),
    })),
    groups: results.groups.map((group) => ({
      key: `groups:${group._id}`,
      type: "groups" as const,
      to: groupPagePath(group._id),
      title: group.name,
      detail: `${group.tag} · ${group.description}`,
      picture: icon(UsersRound),
    })),
    events: results.events.map((event) => ({
      key: `events:${event._id}`,
      type: "events" as const,
      to: eventPath(event._id),
      title: event.title,
      detail: `${event.cancelledAt ? `${cancelled} · ` : ""}${dateFormat.format(new Date(event.date))} · ${event.location}`,
      picture: icon(CalendarDays),
    })),
  };
}

/** A hit's picture, title and line, for a list row or an option. */
export function HitBody({ hit }: { hit: SearchHit }) {
  return (
    <>
      {hit.picture}
      <span className="min-w-0 flex-1">
        <span dir="auto" className="block truncate font-medium" title={hit.title}>
          {hit.title}
        </span>
        {hit.detail ? (
          <span
            dir="auto"
            className="block truncate text-xs text-base-content/60"
            title={hit.detail}
          >
            {hit.detail}
          </span>
        ) : null}
      </span>
    </>
  );
}
