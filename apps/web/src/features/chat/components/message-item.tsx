import { CHAT_REACTIONS, type ChatMessage, type ChatPhoto } from "@kindred/shared";
import { t as coreT, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Flag, Pencil, Reply, SmilePlus, Trash2 } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn.ts";
import { CHAT_COPY } from "../lib/chat-copy.ts";
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
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const time = timeOf(editedAt, i18n.locale);
  const label = t`Edited at ${time}`;
  return (
    <button
      type="button"
      className="rounded hover:underline"
      title={label}
      aria-label={label}
      aria-expanded={open}
      onClick={() => setOpen((shown) => !shown)}
    >
      {open ? t`edited at ${time}` : t`edited`}
    </button>
  );
}

/** Who gave a reaction, in words: "You", "Ana", "You and Ana". */
function reactedBy(mine: boolean, count: number, otherName: string): string {
  if (mine && count > 1) return coreT`You and ${otherName}`;
  return mine ? coreT`You` : otherName;
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
  const { t, i18n } = useLingui();
  const [picking, setPicking] = useState(false);
  const mine = message.fromUserId === meId;
  const deleted = message.deletedAt !== null;
  const at = timeOf(message.createdAt, i18n.locale);
  const quote = message.replyTo;
  const quoteName = quote ? (quote.fromUserId === meId ? t`You` : otherName) : "";
  const photoCount = message.photos.length;
  const openPhotoLabel = (position: number) => t`Open photo ${position} of ${photoCount}`;
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
            className="mb-1 block w-full max-w-full rounded border-s-4 border-current/40 bg-black/5 px-2 py-1 text-start text-xs opacity-90 hover:bg-black/10"
            onClick={() => onJump?.(quote._id)}
            aria-label={t`Go to the message from ${quoteName} this replies to`}
          >
            <span dir="auto" className="block font-semibold">
              {quoteName}
            </span>
            <span dir="auto" className="block truncate">
              {quote.deleted
                ? i18n._(CHAT_COPY.messageDeleted)
                : quote.excerpt ||
                  (quote.photos > 0
                    ? plural(quote.photos, { one: "Photo", other: "# photos" })
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
                aria-label={openPhotoLabel(index + 1)}
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
        {deleted ? (
          i18n._(CHAT_COPY.messageDeleted)
        ) : message.text ? (
          <span dir="auto">{message.text}</span>
        ) : null}
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
                  aria-label={t`React to message from ${at}`}
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
                  aria-label={t`Reply to message from ${at}`}
                  onClick={() => onReply(message)}
                >
                  <Reply aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {mine && onEdit ? (
                <button
                  type="button"
                  className={ACTION}
                  aria-label={t`Edit message from ${at}`}
                  onClick={() => onEdit(message)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {mine && onDelete ? (
                <button
                  type="button"
                  className={ACTION}
                  aria-label={t`Delete message from ${at}`}
                  onClick={() => onDelete(message)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              {!mine && onReport ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs h-7 min-h-0 gap-1 px-1.5 font-normal text-base-content/70"
                  aria-label={t`Report message from ${at}`}
                  onClick={() => onReport(message)}
                >
                  <Flag aria-hidden="true" className="size-3" />
                  <Trans>Report</Trans>
                </button>
              ) : null}
            </span>
          ) : null}
        </div>
        {picking && onReact ? (
          <fieldset className="flex gap-0.5 rounded-full border border-base-300 bg-base-100 p-0.5 shadow">
            <legend className="sr-only">
              <Trans>Reactions</Trans>
            </legend>
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
                  aria-label={on ? t`Remove ${emoji}` : t`React with ${emoji}`}
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
              const { emoji, count } = reaction;
              return (
                <button
                  key={reaction.emoji}
                  type="button"
                  className={cn(
                    "badge gap-1 border-base-300 bg-base-100 px-2 text-sm",
                    reaction.mine && "border-primary bg-primary/10",
                  )}
                  title={t`${who} reacted with ${emoji}`}
                  aria-label={t`${emoji} ${count}: ${who}`}
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
        {seen ? (
          <span>
            <Trans>Seen</Trans>
          </span>
        ) : null}
      </div>
    </li>
  );
}
