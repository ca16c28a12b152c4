import { CHAT_REACTIONS, type ChatMessage, type ChatPhoto } from "@kindred/shared";
import { Flag, Pencil, Reply, SmilePlus, Trash2 } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn.ts";
import { timeOf } from "../lib/format-time.ts";
import { MeetupCard } from "./meetup-card.tsx";

export const BUBBLE = "chat-bubble max-w-[85%] whitespace-pre-wrap break-words sm:max-w-[70%]";

/** What a person can do with a message; absent handlers hide their buttons (a kept archive). */
export type MessageActions = {
  onReply?: (message: ChatMessage) => void;
  onEdit?: (message: ChatMessage) => void;
  onDelete?: (message: ChatMessage) => void;
  onReport?: (message: ChatMessage) => void;
  onReact?: (message: ChatMessage, emoji: string, on: boolean) => void;
  /** Scrolls to a message (a reply's original), loading it first if needed. */
  onJump?: (messageId: string) => void;
  onOpenPhoto?: (photos: ChatPhoto[], index: number) => void;
};

type MessageItemProps = MessageActions & {
  message: ChatMessage;
  meId: string;
  /** The other person's first name (quotes and reactions name them). */
  otherName: string;
  /** "Seen" under it: my last message the other person has read. */
  seen: boolean;
  highlighted: boolean;
};

const ACTION =
  "btn btn-ghost btn-xs btn-square h-7 min-h-0 w-7 text-base-content/70 hover:text-base-content";

/** "edited": the time it was edited shows on hover and focus, and stays after a tap. */
function EditedMark({ editedAt }: { editedAt: string }) {
  const [open, setOpen] = useState(false);
  const label = `Edited at ${timeOf(editedAt)}`;
  return (
    <button
      type="button"
      className="rounded hover:underline"
      title={label}
      aria-label={label}
      aria-expanded={open}
      onClick={() => setOpen((shown) => !shown)}
    >
      {open ? label.toLowerCase() : "edited"}
    </button>
  );
}

/** Who gave a reaction, in words: "You", "Ana", "You and Ana". */
function reactedBy(mine: boolean, count: number, otherName: string): string {
  if (mine && count > 1) return `You and ${otherName}`;
  return mine ? "You" : otherName;
}

/**
 * One message: the quote it answers, its photos, its text (or "Message deleted"), when it was
 * sent and edited, its reactions and, on hover or focus (always on touch screens), what can be
 * done with it.
 */
export function MessageItem({
  message,
  meId,
  otherName,
  seen,
  highlighted,
  onReply,
  onEdit,
  onDelete,
  onReport,
  onReact,
  onJump,
  onOpenPhoto,
}: MessageItemProps) {
  const [picking, setPicking] = useState(false);
  const mine = message.fromUserId === meId;
  const deleted = message.deletedAt !== null;
  const at = timeOf(message.createdAt);
  const quote = message.replyTo;
  const quoteName = quote ? (quote.fromUserId === meId ? "You" : otherName) : "";
  const showActions = !deleted && (onReply || onReact || onEdit || onDelete || onReport);

  return (
    <li
      id={`message-${message._id}`}
      data-message-id={message._id}
      className={cn("group chat scroll-mt-16", mine ? "chat-end" : "chat-start")}
    >
      <div
        className={cn(
          BUBBLE,
          deleted
            ? "bg-base-100 text-base-content/60 italic"
            : mine
              ? "chat-bubble-primary"
              : "chat-bubble-theirs",
          highlighted && "ring-2 ring-warning ring-offset-2 ring-offset-base-200",
          "transition-shadow",
        )}
      >
        {quote && !deleted ? (
          <button
            type="button"
            className="mb-1 block w-full max-w-full rounded border-l-4 border-current/40 bg-black/5 px-2 py-1 text-left text-xs opacity-90 hover:bg-black/10"
            onClick={() => onJump?.(quote._id)}
            aria-label={`Go to the message from ${quoteName} this replies to`}
          >
            <span className="block font-semibold">{quoteName}</span>
            <span className="block truncate">
              {quote.deleted
                ? "Message deleted"
                : quote.excerpt ||
                  (quote.photos > 0
                    ? quote.photos === 1
                      ? "Photo"
                      : `${quote.photos} photos`
                    : "")}
            </span>
          </button>
        ) : null}
        {message.photos.length > 0 && !deleted ? (
          <div
            className={cn(
              "mb-1 grid gap-1",
              message.photos.length > 1 ? "grid-cols-2" : "grid-cols-1",
            )}
          >
            {message.photos.map((photo, index) => (
              <button
                key={photo._id}
                type="button"
                className="overflow-hidden rounded-md"
                onClick={() => onOpenPhoto?.(message.photos, index)}
                aria-label={`Open photo ${index + 1} of ${message.photos.length}`}
              >
                <img
                  src={photo.thumb}
                  alt=""
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="max-h-64 w-full object-cover"
                />
              </button>
            ))}
          </div>
        ) : null}
        {deleted ? "Message deleted" : message.text}
        {message.meetup && !deleted ? (
          <MeetupCard
            meetup={message.meetup}
            meId={meId}
            otherName={otherName}
            interactive={onReply !== undefined}
          />
        ) : null}
      </div>
      <div
        className={cn(
          "chat-footer mt-0.5 flex flex-col gap-1 text-xs text-base-content/60",
          mine ? "items-end" : "items-start",
        )}
      >
        <div className="flex flex-wrap items-center gap-1">
          <time dateTime={message.createdAt}>{at}</time>
          {message.editedAt && !deleted ? <EditedMark editedAt={message.editedAt} /> : null}
          {showActions ? (
            <span
              className={cn(
                "flex items-center opacity-0 group-hover:opacity-100 focus-within:opacity-100",
                "[@media(hover:none)]:opacity-100",
                picking && "opacity-100",
              )}
            >
              {onReact ? (
                <button
                  type="button"
                  className={ACTION}
                  aria-label={`React to message from ${at}`}
                  aria-expanded={picking}
                  onClick={() => setPicking((open) => !open)}
                >
                  <SmilePlus aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {onReply ? (
                <button
                  type="button"
                  className={ACTION}
                  aria-label={`Reply to message from ${at}`}
                  onClick={() => onReply(message)}
                >
                  <Reply aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {mine && onEdit ? (
                <button
                  type="button"
                  className={ACTION}
                  aria-label={`Edit message from ${at}`}
                  onClick={() => onEdit(message)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {mine && onDelete ? (
                <button
                  type="button"
                  className={ACTION}
                  aria-label={`Delete message from ${at}`}
                  onClick={() => onDelete(message)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {!mine && onReport ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs h-7 min-h-0 gap-1 px-1.5 font-normal text-base-content/70"
                  aria-label={`Report message from ${at}`}
                  onClick={() => onReport(message)}
                >
                  <Flag aria-hidden="true" className="size-3" />
                  Report
                </button>
              ) : null}
            </span>
          ) : null}
        </div>
        {picking && onReact ? (
          <fieldset className="flex gap-0.5 rounded-full border border-base-300 bg-base-100 p-0.5 shadow">
            <legend className="sr-only">Reactions</legend>
            {CHAT_REACTIONS.map((emoji) => {
              const on = message.reactions.some((r) => r.emoji === emoji && r.mine);
              return (
                <button
                  key={emoji}
                  type="button"
                  className={cn(
                    "btn btn-ghost btn-sm btn-circle font-reactions text-lg",
                    on && "btn-active",
                  )}
                  aria-label={`${on ? "Remove" : "React with"} ${emoji}`}
                  aria-pressed={on}
                  onClick={() => {
                    setPicking(false);
                    onReact(message, emoji, !on);
                  }}
                >
                  {emoji}
                </button>
              );
            })}
          </fieldset>
        ) : null}
        {message.reactions.length > 0 && !deleted ? (
          <div className="flex flex-wrap gap-1">
            {message.reactions.map((reaction) => {
              const who = reactedBy(reaction.mine, reaction.count, otherName);
              return (
                <button
                  key={reaction.emoji}
                  type="button"
                  className={cn(
                    "badge gap-1 border-base-300 bg-base-100 px-2 text-sm",
                    reaction.mine && "border-primary bg-primary/10",
                  )}
                  title={`${who} reacted with ${reaction.emoji}`}
                  aria-label={`${reaction.emoji} ${reaction.count}: ${who}`}
                  aria-pressed={reaction.mine}
                  disabled={!onReact}
                  onClick={() => onReact?.(message, reaction.emoji, !reaction.mine)}
                >
                  <span aria-hidden="true" className="font-reactions">
                    {reaction.emoji}
                  </span>
                  <span aria-hidden="true" className="text-xs">
                    {reaction.count}
                  </span>
                </button>
              );
            })}
          </div>
        ) : null}
        {seen ? <span>Seen</span> : null}
      </div>
    </li>
  );
}
