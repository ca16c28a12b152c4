import type { ChatMessage } from "@kindred/shared";
import { Flag, RotateCw } from "lucide-react";
import { CHAT_MESSAGES } from "@/config/copy.ts";
import { cn } from "@/lib/cn.ts";
import { dayKey, dayLabel, timeOf } from "../lib/format-time.ts";
import type { PendingMessage } from "../lib/outbox.ts";

const BUBBLE = "chat-bubble max-w-[85%] whitespace-pre-wrap break-words sm:max-w-[70%]";

type DayGroup = { key: string; label: string; items: ChatMessage[] };

function byDay(messages: ChatMessage[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(message);
    else groups.push({ key, label: dayLabel(message.createdAt), items: [message] });
  }
  return groups;
}

/**
 * The stored messages grouped by day, mine on the right. The other person's each carry Report,
 * shown on hover or focus (always on a touch screen, which has no hover).
 */
export function MessageDays({
  messages,
  meId,
  onReport,
}: {
  messages: ChatMessage[];
  meId: string;
  onReport?: (message: ChatMessage) => void;
}) {
  return byDay(messages).map((group) => (
    <div key={group.key}>
      <h3 className="divider my-3 text-xs font-medium text-base-content/60">{group.label}</h3>
      <ol>
        {group.items.map((message) => {
          const mine = message.fromUserId === meId;
          return (
            <li key={message._id} className={cn("group chat", mine ? "chat-end" : "chat-start")}>
              <div className={cn(BUBBLE, mine ? "chat-bubble-primary" : "chat-bubble-theirs")}>
                {message.text}
              </div>
              <div className="chat-footer mt-0.5 items-center text-xs text-base-content/60">
                <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
                {!mine && onReport ? (
                  <button
                    type="button"
                    className={cn(
                      "btn btn-ghost btn-xs h-6 min-h-0 gap-1 px-1.5 font-normal text-base-content/70",
                      "opacity-0 group-hover:opacity-100 focus-visible:opacity-100",
                      "[@media(hover:none)]:opacity-100",
                    )}
                    aria-label={`Report message from ${timeOf(message.createdAt)}`}
                    onClick={() => onReport(message)}
                  >
                    <Flag aria-hidden="true" className="size-3" />
                    Report
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
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
  if (pending.length === 0) return null;
  return (
    <ol aria-label="Sending">
      {pending.map((item) => (
        <li key={item.clientId} className="chat chat-end">
          <div
            className={cn(
              BUBBLE,
              item.failed ? "chat-bubble-error" : "chat-bubble-primary opacity-70",
            )}
          >
            {item.text}
          </div>
          <div className="chat-footer mt-0.5 text-xs">
            {item.failed ? (
              <button
                type="button"
                className="btn btn-link btn-xs text-error"
                onClick={() => onRetry(item)}
              >
                <RotateCw aria-hidden="true" className="size-3" />
                {CHAT_MESSAGES.sendFailed}
              </button>
            ) : (
              <span className="text-base-content/60">Sending…</span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
