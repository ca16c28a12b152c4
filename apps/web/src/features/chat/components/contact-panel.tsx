import { CHAT_MESSAGES, type Conversation } from "@kindred/shared";
import { Flag, ShieldBan, UserMinus } from "lucide-react";
import { Avatar } from "@/components/ui/avatar.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { Presence } from "./presence.tsx";
import type { SafetyAction } from "./safety-dialogs.tsx";

const joinedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

/** The contact details beside the conversation, from lg up: 300 px wide. */
export function ContactPanel({
  conversation,
  onAction,
}: {
  conversation: Conversation;
  onAction: (action: SafetyAction) => void;
}) {
  const { user, online } = conversation;
  const name = fullName(user);
  const links = [user.socialLinks.instagramLink, user.socialLinks.otherLink].filter(
    (link): link is string => Boolean(link),
  );
  const rows: [string, string][] = [
    ["Email", CHAT_MESSAGES.notShared],
    ["Phone", CHAT_MESSAGES.notShared],
    ["Address", CHAT_MESSAGES.notShared],
    ["Joined", joinedFormat.format(new Date(user.joinedAt))],
  ];
  return (
    <aside
      aria-label="Contact details"
      className="hidden w-[300px] shrink-0 flex-col overflow-y-auto border-l border-base-300 bg-base-100 p-6 lg:flex"
    >
      <div className="flex flex-col items-center text-center">
        <Avatar src={user.photoUrl} name={name} userId={user._id} size="xl" />
        <h2 className="mt-4 max-w-64 truncate text-lg font-bold uppercase" title={name}>
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
          <h3 className="text-xs font-semibold text-base-content/60">Skills</h3>
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
          <h3 className="text-xs font-semibold text-base-content/60">Links</h3>
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
          Remove connection
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost justify-start"
          onClick={() => onAction("report")}
        >
          <Flag aria-hidden="true" className="size-4" />
          Report
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost justify-start text-error"
          onClick={() => onAction("block")}
        >
          <ShieldBan aria-hidden="true" className="size-4" />
          Block
        </button>
      </div>
    </aside>
  );
}
