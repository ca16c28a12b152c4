import { Trans, useLingui } from "@lingui/react/macro";
import { Flag, ShieldBan, Trash2, UserMinus } from "lucide-react";
import { Avatar } from "@/components/ui/avatar.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { CHAT_COPY } from "../lib/chat-copy.ts";
import type { ConversationPanelProps } from "./conversation-header.tsx";
import { Presence } from "./presence.tsx";

/** The contact details beside the conversation, from lg up: 300 px wide. */
export function ContactPanel({ conversation, onAction }: ConversationPanelProps) {
  const { t, i18n } = useLingui();
  const { user, online } = conversation;
  const name = fullName(user);
  const links = [user.socialLinks.instagramLink, user.socialLinks.otherLink].filter(
    (link): link is string => Boolean(link),
  );
  // Kindred keeps no phone or address, and offers no way to share an email: only what exists shows.
  const joinedFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "long" });
  const rows: [string, string][] = [[t`Joined`, joinedFormat.format(new Date(user.joinedAt))]];
  if (user.accountDeleted) {
    return (
      <aside
        aria-label={t`Contact details`}
        className="hidden w-[300px] shrink-0 flex-col overflow-y-auto border-s border-base-300 bg-base-100 p-6 lg:flex"
      >
        <div className="flex flex-col items-center text-center">
          <Avatar src={user.photoUrl} photo={null} name={name} userId={user._id} size="xl" />
          <h2 dir="auto" className="mt-4 text-lg font-bold uppercase">
            {name}
          </h2>
          <p className="mt-2 text-sm text-base-content/70">{i18n._(CHAT_COPY.accountDeleted)}</p>
        </div>
        <div className="mt-auto flex flex-col gap-2 pt-6">
          <button
            type="button"
            className="btn btn-sm btn-ghost justify-start text-error"
            onClick={() => onAction("delete")}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <Trans>Delete conversation</Trans>
          </button>
        </div>
      </aside>
    );
  }
  return (
    <aside
      aria-label={t`Contact details`}
      className="hidden w-[300px] shrink-0 flex-col overflow-y-auto border-s border-base-300 bg-base-100 p-6 lg:flex"
    >
      <div className="flex flex-col items-center text-center">
        <Avatar
          src={user.photoUrl}
          photo={user.photo}
          name={name}
          userId={user._id}
          size="xl"
          loading="eager"
        />
        <h2 dir="auto" className="mt-4 max-w-64 truncate text-lg font-bold uppercase" title={name}>
          {name}
        </h2>
        <Presence online={online} className="mt-1" />
      </div>
      <dl className="mt-6 space-y-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold text-base-content/60">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {user.skills.length > 0 ? (
        <div className="mt-5">
          <h3 className="text-xs font-semibold text-base-content/60">
            <Trans>Skills</Trans>
          </h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {user.skills.map((skill) => (
              <li key={skill} className="badge badge-soft badge-primary badge-sm">
                {skill}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {links.length > 0 ? (
        <div className="mt-5">
          <h3 className="text-xs font-semibold text-base-content/60">
            <Trans>Links</Trans>
          </h3>
          <ul className="mt-1 space-y-1 text-sm">
            {links.map((link) => (
              <li key={link} className="truncate">
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="link link-primary"
                >
                  {link.replace(/^https?:\/\//, "")}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto flex flex-col gap-2 pt-6">
        <button
          type="button"
          className="btn btn-sm btn-ghost justify-start"
          onClick={() => onAction("remove")}
        >
          <UserMinus aria-hidden="true" className="size-4" />
          <Trans>Remove connection</Trans>
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost justify-start"
          onClick={() => onAction("report")}
        >
          <Flag aria-hidden="true" className="size-4" />
          <Trans>Report</Trans>
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost justify-start text-error"
          onClick={() => onAction("block")}
        >
          <ShieldBan aria-hidden="true" className="size-4" />
          <Trans>Block</Trans>
        </button>
      </div>
    </aside>
  );
}
