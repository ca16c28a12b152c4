import type { PhotoSet } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { ArrowLeftRight } from "lucide-react";
import type { ReactNode } from "react";
import { DECK_PHOTO_SIZES } from "@/config/ui.ts";
import { cn } from "@/lib/cn.ts";
import { CampusBadge } from "./campus-badge.tsx";
import { Photo } from "./photo.tsx";
import { ProfileOpener } from "./profile-opener.tsx";

/** Anything shaped like a user: a Card, a FeedCard, Me, or the profile form's live draft. */
export type UserCardUser = {
  /** Whose generated avatar replaces a photo that does not load. */
  _id?: string;
  firstName: string;
  lastName?: string | null;
  photoUrl?: string | null;
  /** An upload's sizes (null or absent: photoUrl is the generated avatar or a draft). */
  photo?: PhotoSet | null;
  age?: number | string | null;
  gender?: string | null;
  about?: string | null;
  skills?: readonly string[];
  /** What the person wants to learn. */
  learning?: readonly string[];
  /** The university of the person's verified university address; null or absent: none. */
  campus?: string | null;
  matchingSkills?: readonly string[];
  /** The person's skills related to one of the viewer's (a framework to its language). */
  related?: readonly string[];
  /** What the two share in the viewer's own spelling, in the viewer's order (feed cards). */
  sharedInYourWords?: readonly string[];
  /** The person's related skills, each with the viewer's skill it relates to (feed cards). */
  relatedToYours?: readonly RelatedPair[];
  /** What the two can teach each other (feed cards). */
  exchange?: Exchange;
};

/**
 * `teachesMe`: the person's skills the viewer wants to learn (their spelling); `learnsFromMe`:
 * the viewer's skills the person wants to learn (the viewer's spelling).
 */
export type Exchange = { teachesMe: readonly string[]; learnsFromMe: readonly string[] };

/** A skill of the person's and the viewer's skill it relates to: "React ~ your JavaScript". */
export type RelatedPair = { skill: string; yours: string };

export type UserCardProps = {
  user: UserCardUser;
  /** Skills shared with the viewer; defaults to the user's own matchingSkills (feed cards). */
  matchingSkills?: readonly string[];
  footer?: ReactNode;
  className?: string;
  /** A shorter card for lists and grids; the default is the 400x600 deck card. */
  compact?: boolean;
  /** How urgently the browser fetches the photo: "high" for the screen's main picture. */
  photoPriority?: "high" | "low";
  /** The name opens the whole profile in a dialog (a card of someone else's, with an id). */
  openable?: boolean;
};

/** How wide a grid's card draws its photo: a column (the deck card's is DECK_PHOTO_SIZES). */
const GRID_PHOTO_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";

export function fullName(user: Pick<UserCardUser, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
}

/** A gender as the card says it, in the reader's language. */
export function genderLabel(gender: string): string {
  if (gender === "female") return t`Female`;
  if (gender === "male") return t`Male`;
  if (gender === "other") return t`Other`;
  return gender.charAt(0).toUpperCase() + gender.slice(1);
}

export function UserCard({
  user,
  matchingSkills,
  footer,
  className,
  compact = false,
  photoPriority,
  openable = false,
}: UserCardProps) {
  const name = fullName(user) || "Unnamed";
  const shared = matchingSkills ?? user.matchingSkills ?? [];
  // The server returns shared skills in the card's own spelling, but a draft may not.
  const sharedKeys = new Set(shared.map((skill) => skill.toLowerCase()));
  // The sentences speak the viewer's words when the card carries them (the feed's cards).
  const sharedWords =
    !matchingSkills && user.sharedInYourWords?.length ? user.sharedInYourWords : shared;
  const related = (user.related ?? []).filter((skill) => !sharedKeys.has(skill.toLowerCase()));
  const relatedPairs = (user.relatedToYours ?? []).filter(
    (pair) => !sharedKeys.has(pair.skill.toLowerCase()),
  );
  const skills = user.skills ?? [];
  const learning = user.learning ?? [];
  const trade = user.exchange ? exchangeSentence(user, user.exchange) : null;
  const age = user.age === null || user.age === undefined ? "" : String(user.age).trim();
  const details = [age, user.gender ? genderLabel(user.gender) : ""].filter(Boolean).join(" · ");

  return (
    <article
      aria-label={name}
      className={cn(
        "card flex flex-col overflow-hidden border border-base-300 bg-base-100 text-base-content shadow-xl",
        compact ? "h-full w-full" : "aspect-[2/3] w-full max-w-[400px]",
        className,
      )}
    >
      <figure
        className={cn(
          "relative m-0 shrink-0 overflow-hidden bg-base-300",
          compact ? "aspect-[4/3]" : "min-h-0 flex-1",
        )}
      >
        {user.photoUrl || user.photo ? (
          <Photo
            src={user.photo?.card ?? user.photoUrl ?? ""}
            photo={user.photo}
            sizes={compact ? GRID_PHOTO_SIZES : DECK_PHOTO_SIZES}
            limit={compact ? "card" : "large"}
            // The deck card is the screen's main picture; cards in a grid load as they come near.
            loading={compact ? "lazy" : "eager"}
            fetchPriority={photoPriority}
            userId={user._id}
            alt={name}
            draggable={false}
            className={cn(
              "h-full w-full select-none object-cover",
              // A portrait crop in a landscape box keeps the face, which sits in its upper part.
              compact && "object-[50%_25%]",
            )}
          />
        ) : (
          <div
            role="img"
            aria-label={name}
            className="flex h-full w-full items-center justify-center text-6xl font-bold text-base-content/40"
          >
            {name.charAt(0).toUpperCase()}
          </div>
        )}
        <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/35 to-transparent px-5 pt-12 pb-3 text-white">
          <h2 className="truncate text-2xl font-bold leading-tight drop-shadow" title={name}>
            {openable && user._id ? (
              <ProfileOpener
                user={{ ...user, _id: user._id }}
                className="pointer-events-auto max-w-full truncate"
              >
                {name}
              </ProfileOpener>
            ) : (
              name
            )}
          </h2>
          {details ? <p className="text-sm font-medium text-white/90">{details}</p> : null}
          {trade ? (
            <p className="my-1 flex w-fit max-w-full items-start gap-1.5 rounded-field bg-primary px-2 py-1 text-sm font-semibold text-primary-content shadow">
              <ArrowLeftRight aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="line-clamp-2 min-w-0 break-words" title={trade}>
                {trade}
              </span>
            </p>
          ) : null}
          <CampusBadge university={user.campus} className="text-white/90" />
          {sharedWords.length > 0 ? (
            <p
              className="mt-0.5 line-clamp-2 text-sm font-semibold text-white"
              title={sharedSentence(sharedWords, Number.POSITIVE_INFINITY)}
            >
              {sharedSentence(sharedWords)}
            </p>
          ) : null}
          {relatedPairs.length > 0 ? (
            <p
              className="truncate text-sm text-white/90"
              title={relatedPairsSentence(relatedPairs, Number.POSITIVE_INFINITY)}
            >
              {relatedPairsSentence(relatedPairs)}
            </p>
          ) : related.length > 0 ? (
            <p
              className="truncate text-sm text-white/90"
              title={relatedSentence(related, Number.POSITIVE_INFINITY)}
            >
              {relatedSentence(related)}
            </p>
          ) : null}
        </div>
        {sharedWords.length > 0 ? (
          <div
            className="badge badge-secondary absolute top-3 right-3 gap-1 font-semibold shadow"
            title={sharedSentence(sharedWords, Number.POSITIVE_INFINITY)}
          >
            <span className="sr-only">
              <Trans>Shared skills:</Trans>{" "}
            </span>
            <span>{sharedWords.length}+</span>
          </div>
        ) : null}
      </figure>
      <div className={cn("flex flex-col gap-3 p-5", compact ? "flex-1" : "max-h-[55%] shrink-0")}>
        {user.about ? (
          <p className="line-clamp-3 shrink-0 text-sm leading-relaxed text-base-content/80">
            {user.about}
          </p>
        ) : null}
        {skills.length > 0 ? (
          <ul aria-label={t`Skills`} className="flex min-h-0 flex-wrap gap-1.5 overflow-hidden">
            {skills.map((skill) => {
              const isShared = sharedKeys.has(skill.toLowerCase());
              return (
                <li
                  key={skill}
                  data-shared={isShared || undefined}
                  className={cn(
                    "badge badge-sm",
                    isShared ? "badge-primary font-semibold" : "badge-ghost",
                  )}
                >
                  {isShared ? (
                    <span className="sr-only">
                      <Trans>Shared:</Trans>{" "}
                    </span>
                  ) : null}
                  {skill}
                </li>
              );
            })}
          </ul>
        ) : null}
        {learning.length > 0 ? (
          <div className="flex min-h-0 flex-wrap items-center gap-1.5 overflow-hidden">
            <span aria-hidden="true" className="text-xs font-semibold text-base-content/70">
              <Trans>Wants to learn</Trans>
            </span>
            <ul aria-label={t`Wants to learn`} className="contents">
              {learning.map((skill) => (
                <li key={skill} title={skill} className="badge badge-sm badge-dash max-w-full">
                  <span className="min-w-0 truncate">{skill}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {footer ? <div className="mt-auto pt-1">{footer}</div> : null}
      </div>
    </article>
  );
}

/**
 * What the two can trade, in words: "Maya can teach you Guitar · you can teach her Python",
 * or one way only ("Maya can teach you Guitar", "You can teach Maya Python"); null for nothing.
 */
export function exchangeSentence(
  person: Pick<UserCardUser, "firstName" | "gender">,
  { teachesMe, learnsFromMe }: Exchange,
): string | null {
  const name = person.firstName.trim();
  const teaches = teachesMe.join(", ");
  const learns = learnsFromMe.join(", ");
  if (teaches && learns) {
    if (person.gender === "female")
      return t`${name} can teach you ${teaches} · you can teach her ${learns}`;
    if (person.gender === "male")
      return t`${name} can teach you ${teaches} · you can teach him ${learns}`;
    return t`${name} can teach you ${teaches} · you can teach them ${learns}`;
  }
  if (teaches) return t`${name} can teach you ${teaches}`;
  if (learns) return t`You can teach ${name} ${learns}`;
  return null;
}

/** "You both know Rust, Chess and 2 more": what the two share, in words, not a bare count. */
export function sharedSentence(shared: readonly string[], shown = 3): string {
  const named = shared.slice(0, shown).join(", ");
  const more = shared.length - shown;
  return more > 0 ? t`You both know ${named} and ${more} more` : t`You both know ${named}`;
}

/**
 * "React ~ your JavaScript, Vue ~ your JavaScript": each skill of the person's that relates to one
 * of the viewer's, with the viewer's skill in the viewer's words.
 */
export function relatedPairsSentence(pairs: readonly RelatedPair[], shown = 3): string {
  const named = pairs
    .slice(0, shown)
    .map(({ skill, yours }) => t`${skill} ~ your ${yours}`)
    .join(", ");
  const more = pairs.length - shown;
  return more > 0 ? t`${named} and ${more} more` : named;
}

/** "Close to your skills: React, Vue": what the person knows that relates to the viewer's. */
export function relatedSentence(related: readonly string[], shown = 3): string {
  const named = related.slice(0, shown).join(", ");
  const more = related.length - shown;
  return more > 0
    ? t`Close to your skills: ${named} and ${more} more`
    : t`Close to your skills: ${named}`;
}
