import type { ChatMessage } from "@kindred/shared";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { RotateCw } from "lucide-react";
import { Fragment } from "react";
import { cn } from "@/lib/cn.ts";
import { CHAT_COPY } from "../lib/chat-copy.ts";
import { dayKey, dayLabel } from "../lib/format-time.ts";
import type { PendingMessage } from "../lib/outbox.ts";
import { BUBBLE, type MessageActions, MessageItem } from "./message-item.tsx";

type DayGroup = { key: string; label: string; items: ChatMessage[] };

function byDay(messages: ChatMessage[], locale: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(message);
    else groups.push({ key, label: dayLabel(message.createdAt, locale), items: [message] });
  }
  return groups;
}

/**
 * The stored messages grouped by day, mine on the right, with a "New messages" line above the
 * first one that was unread when the conversation opened and "Seen" under my last message the
 * other person has read.
 */
export function MessageDays({
  messages,
  meId,
  otherName,
  firstUnreadId,
  highlightedId,
  ...actions
}: MessageActions & {
  messages: ChatMessage[];
  meId: string;
  otherName: string;
  firstUnreadId?: string | null | undefined;
  highlightedId?: string | undefined;
}) {
  const { i18n } = useLingui();
  const lastSeen = messages.findLast((message) => message.readByOther && !message.deletedAt)?._id;
  return byDay(messages, i18n.locale).map((group) => (
    <div key={group.key}>
      <h3 className="divider my-3 text-xs font-medium text-base-content/60">{group.label}</h3>
      <ol>
        {group.items.map((message) => (
          <Fragment key={message._id}>
            {message._id === firstUnreadId ? (
              <li
                id="first-unread"
                className="divider divider-primary my-2 scroll-mt-16 text-xs font-semibold text-primary"
              >
                <Trans>New messages</Trans>
              </li>
            ) : null}
            <MessageItem
              message={message}
              meId={meId}
              otherName={otherName}
              seen={message._id === lastSeen}
              highlighted={message._id === highlightedId}
              {...actions}
            />
          </Fragment>
        ))}
      </ol>
    </div>
  ));
}

/** The messages on their way: 'Sending…', or failed with Retry. */
export function PendingMessages({
  pending,
  onRetry,
}: {
  pending: PendingMessage[];
  onRetry: (item: PendingMessage) => void;
}) {
  const { t, i18n } = useLingui();
  if (pending.length === 0) return null;
  return (
    <ol aria-label={t`Sending`}>
      {pending.map((item) => (
        <li key={item.clientId} className="chat chat-end">
          <div
            className={cn(
              BUBBLE,
              item.failed ? "chat-bubble-error" : "chat-bubble-primary opacity-70",
            )}
          >
            {item.photos?.length ? (
              <span className="mb-1 block text-xs opacity-80">
                {plural(item.photos.length, { one: "# photo", other: "# photos" })}
              </span>
            ) : null}
            <span dir="auto">{item.text}</span>
          </div>
          <div className="chat-footer mt-0.5 text-xs">
            {item.failed ? (
              <button
                type="button"
                className="btn btn-link btn-xs text-error"
                onClick={() => onRetry(item)}
              >
                <RotateCw aria-hidden="true" className="size-3" />
                {i18n._(CHAT_COPY.sendFailed)}
              </button>
            ) : (
              <span className="text-base-content/60">
                <Trans>Sending…</Trans>
              </span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
