import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { cn } from "@/lib/cn.ts";
import { CampusBadge } from "./campus-badge.tsx";
import { Modal } from "./modal.tsx";
import { Photo } from "./photo.tsx";
import { fullName, type UserCardUser } from "./user-card.tsx";

/** Someone's links, when the screen knows them (a public profile's). */
export type ProfileLinks = { instagramLink?: string | null; otherLink?: string | null };

export type ProfileUser = UserCardUser & { _id: string; links?: ProfileLinks };

function details(user: UserCardUser): string {
  const age = user.age === null || user.age === undefined ? "" : String(user.age).trim();
  const gender = user.gender ? user.gender.charAt(0).toUpperCase() + user.gender.slice(1) : "";
  return [age, gender].filter(Boolean).join(" · ");
}

function SkillList({
  label,
  skills,
  dashed,
}: {
  label: string;
  skills: readonly string[];
  dashed?: boolean;
}) {
  if (skills.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <h3 className="text-sm font-semibold">{label}</h3>
      <ul aria-label={label} className="flex flex-wrap gap-1.5">
        {skills.map((skill) => (
          <li
            key={skill}
            className={cn("badge badge-sm max-w-full", dashed ? "badge-dash" : "badge-ghost")}
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">{skill}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The whole profile: photo, details, campus, the full about, skills, learning and links. */
export function ProfileDialog({
  user,
  open,
  onClose,
}: {
  user: ProfileUser;
  open: boolean;
  onClose: () => void;
}) {
  const name = fullName(user) || "Unnamed";
  const info = details(user);
  const instagram = user.links?.instagramLink;
  const other = user.links?.otherLink;
  return (
    <Modal open={open} onClose={onClose} title={name} className="max-w-lg">
      {open ? (
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-4">
            {user.photoUrl || user.photo ? (
              <Photo
                src={user.photo?.card ?? user.photoUrl ?? ""}
                photo={user.photo}
                fit="avatar"
                sizes="96px"
                userId={user._id}
                alt=""
                className="size-24 shrink-0 rounded-box object-cover object-[50%_25%]"
              />
            ) : null}
            <div className="min-w-0">
              {info ? <p className="text-sm text-base-content/70">{info}</p> : null}
              <CampusBadge university={user.campus} />
            </div>
          </div>
          {user.about ? (
            <div className="flex flex-col gap-1.5">
              <h3 className="text-sm font-semibold">
                <Trans>About</Trans>
              </h3>
              <p className="whitespace-pre-line text-sm leading-relaxed [overflow-wrap:anywhere]">
                {user.about}
              </p>
            </div>
          ) : null}
          <SkillList label={t`Skills`} skills={user.skills ?? []} />
          <SkillList label={t`Wants to learn`} skills={user.learning ?? []} dashed />
          {instagram || other ? (
            <div className="flex flex-col gap-1.5">
              <h3 className="text-sm font-semibold">
                <Trans>Links</Trans>
              </h3>
              <ul className="flex flex-col gap-1 text-sm">
                {instagram ? (
                  <li>
                    <a
                      className="link [overflow-wrap:anywhere]"
                      href={instagram}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <Trans>Instagram</Trans>
                    </a>
                  </li>
                ) : null}
                {other ? (
                  <li>
                    <a
                      className="link [overflow-wrap:anywhere]"
                      href={other}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {other}
                    </a>
                  </li>
                ) : null}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
