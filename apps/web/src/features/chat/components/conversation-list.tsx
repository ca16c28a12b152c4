import type { ChatMessage, Conversation } from "@kindred/shared";
import type { I18n } from "@lingui/core";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { CHAT_COPY } from "../lib/chat-copy.ts";
import { shortTime } from "../lib/format-time.ts";

/** The conversations, most recent first, each with the last message and its unread count. */
export function ConversationList({
  conversations,
  isPending,
  activeId,
  meId,
  className,
}: {
  conversations: Conversation[] | undefined;
  isPending: boolean;
  activeId: string | undefined;
  meId: string;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <nav
      aria-label={t`Conversations`}
      className={cn("flex-col overflow-y-auto border-base-300 bg-base-100 md:border-e", className)}
    >
      <h1 className="px-4 pt-4 pb-2 text-xl font-bold">
        <Trans>Chat</Trans>
      </h1>
      {isPending ? (
        <p className="px-4 py-6 text-sm text-base-content/70" role="status">
          <Trans>Loading...</Trans>
        </p>
      ) : !conversations || conversations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-sm text-base-content/70">
          <MessageCircle aria-hidden="true" className="size-8" />
          <p>{i18n._(CHAT_COPY.noConversations)}</p>
          <Link to={paths.connections} className="link link-primary">
            <Trans>Your connections</Trans>
          </Link>
        </div>
      ) : (
        <ul className="pb-2">
          {conversations.map(({ user, lastMessage, unread, online }) => {
            const name = fullName(user);
            const preview = lastMessage ? previewOf(lastMessage, i18n) : "";
            const active = user._id === activeId;
            return (
              <li key={user._id}>
                <Link
                  to={paths.chatWith(user._id)}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 px-4 py-3 hover:bg-base-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
                    active && "bg-base-200",
                  )}
                >
                  <span className="relative">
                    <Avatar
                      src={user.photoUrl}
                      photo={user.photo}
                      name={name}
                      userId={user._id}
                      size="md"
                    />
                    {user.accountDeleted ? null : (
                      <span
                        aria-hidden="true"
                        className={cn(
                          "absolute end-0 bottom-0 size-3 rounded-full ring-2 ring-base-100",
                          online ? "bg-success" : "bg-warning",
                        )}
                      />
                    )}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span
                        dir="auto"
                        className={cn("truncate", unread > 0 && "font-bold")}
                        title={name}
                      >
                        {name}
                      </span>
                      {lastMessage ? (
                        <span className="shrink-0 text-xs text-base-content/60">
                          {shortTime(lastMessage.createdAt, i18n.locale)}
                        </span>
                      ) : null}
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span dir="auto" className="truncate text-sm text-base-content/70">
                        {lastMessage
                          ? lastMessage.fromUserId === meId
                            ? t`You: ${preview}`
                            : preview
                          : t`Say hello`}
                      </span>
                      {unread > 0 ? (
                        <span className="badge badge-primary badge-sm shrink-0">
                          {i18n.number(unread)}
                          <span className="sr-only"> {t`unread`}</span>
                        </span>
                      ) : null}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

/** What the list shows of a last message: its text, else what it was or holds. */
function previewOf(message: ChatMessage, i18n: I18n): string {
  if (message.deletedAt) return i18n._(CHAT_COPY.messageDeleted);
  if (message.text) return message.text;
  const photos = message.photos.length;
  if (photos === 0) return "";
  return plural(photos, { one: "Photo", other: "# photos" });
}
