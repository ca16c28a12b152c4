import type { Conversation } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { ArrowLeft, CalendarClock, Search } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { paths } from "@/config/paths.ts";
import { Presence } from "./presence.tsx";
import type { SafetyAction } from "./safety-dialogs.tsx";
import { SafetyMenu } from "./safety-menu.tsx";

/** What the panels around one conversation get: it, and the safety actions' handler. */
export type ConversationPanelProps = {
  conversation: Conversation;
  onAction: (action: SafetyAction) => void;
};

/** The other person's photo, name and presence; Back on small screens, the safety menu. */
export function ConversationHeader({
  conversation,
  onAction,
  onSearch,
  onSuggestTime,
}: ConversationPanelProps & {
  onSearch?: (() => void) | undefined;
  onSuggestTime?: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const { user, online } = conversation;
  const name = fullName(user);
  return (
    <header className="flex items-center gap-3 border-b border-base-300 bg-base-100 px-3 py-2 sm:px-4">
      <Link
        to={paths.chat}
        className="btn btn-ghost btn-circle btn-sm md:hidden"
        aria-label={t`Back to conversations`}
      >
        <ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      </Link>
      <Avatar
        src={user.photoUrl}
        photo={user.photo}
        name={name}
        userId={user._id}
        size="sm"
        loading="eager"
      />
      <div className="min-w-0 flex-1">
        <h2 dir="auto" className="truncate font-semibold" title={name}>
          {name}
        </h2>
        {user.accountDeleted ? null : <Presence online={online} />}
      </div>
      {onSuggestTime ? (
        <button
          type="button"
          className="btn btn-ghost btn-circle btn-sm"
          aria-label={t`Suggest a time`}
          title={t`Suggest a time to meet`}
          onClick={onSuggestTime}
        >
          <CalendarClock aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      {onSearch ? (
        <button
          type="button"
          className="btn btn-ghost btn-circle btn-sm"
          aria-label={t`Search in conversation`}
          onClick={onSearch}
        >
          <Search aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      <SafetyMenu
        name={name}
        onAction={onAction}
        accountDeleted={user.accountDeleted}
        className="lg:hidden"
      />
    </header>
  );
}
