import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn.ts";
import { Photo } from "./photo.tsx";
import type { ProfileUser } from "./profile-dialog.tsx";
import { ProfileOpener } from "./profile-opener.tsx";
import { fullName, type UserCardUser } from "./user-card.tsx";

/** A 56 px circle on a phone, a grid column's width from the small breakpoint up. */
const TILE_PHOTO_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 56px";

export type PersonTileProps = {
  /** Links, when the screen knows them, show in the whole profile. */
  user: ProfileUser;
  /** Actions (Accept / Reject); on a phone they sit at the end of the row. */
  actions?: ReactNode;
  className?: string;
};

function details(user: UserCardUser): string {
  const age = user.age === null || user.age === undefined ? "" : String(user.age).trim();
  const gender = user.gender ? user.gender.charAt(0).toUpperCase() + user.gender.slice(1) : "";
  return [age, gender].filter(Boolean).join(" · ");
}

/**
 * A person in a list: a compact row on a phone (small photo, name, one line), a card with a
 * large photo, about and skills from the small breakpoint up.
 */
export function PersonTile({ user, actions, className }: PersonTileProps) {
  const name = fullName(user) || "Unnamed";
  const info = details(user);
  const skills = user.skills ?? [];
  return (
    <article
      aria-label={name}
      className={cn(
        "card grid h-full grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-3 overflow-hidden border border-base-300 bg-base-100 p-3 text-base-content shadow-sm",
        "sm:grid-cols-1 sm:grid-rows-[auto_1fr_auto] sm:items-stretch sm:gap-0 sm:p-0 sm:shadow-xl",
        className,
      )}
    >
      <figure className="m-0 size-14 shrink-0 overflow-hidden rounded-full bg-base-300 sm:aspect-[4/3] sm:size-auto sm:w-full sm:rounded-none">
        {user.photoUrl || user.photo ? (
          <Photo
            src={user.photo?.card ?? user.photoUrl ?? ""}
            photo={user.photo}
            fit="avatar"
            sizes={TILE_PHOTO_SIZES}
            userId={user._id}
            alt={name}
            draggable={false}
            // A portrait crop in a landscape box keeps the face, which sits in its upper part.
            className="h-full w-full object-cover object-[50%_25%]"
          />
        ) : null}
      </figure>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:gap-3 sm:p-5">
        <div className="min-w-0">
          <h2 className="truncate font-semibold sm:text-xl sm:font-bold" title={name}>
            <ProfileOpener user={user} className="max-w-full truncate">
              {name}
            </ProfileOpener>
          </h2>
          {info ? <p className="text-sm text-base-content/70">{info}</p> : null}
        </div>
        {user.about ? (
          <p className="line-clamp-1 text-sm text-base-content/80 sm:line-clamp-3">{user.about}</p>
        ) : null}
        {skills.length > 0 ? (
          <ul aria-label={t`Skills`} className="hidden flex-wrap gap-1.5 sm:flex">
            {skills.map((skill) => (
              <li key={skill} className="badge badge-sm badge-ghost">
                {skill}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {actions ? <div className="sm:px-5 sm:pb-5">{actions}</div> : null}
    </article>
  );
}
