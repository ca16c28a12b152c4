import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PHOTOS_PER_MESSAGE } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { ImagePlus, Pencil, Reply, SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from "react";
import { cn } from "@/lib/cn.ts";

/** A photo chosen for the next message: uploading, ready (its id), or failed. */
export type ComposerPhoto = {
  key: string;
  previewUrl: string;
  id?: string;
  error?: string;
};

type MessageComposerProps = {
  /** The person written to, for the field's label. */
  name: string;
  text: string;
  onText: (text: string) => void;
  /** Called with the trimmed text when there is something to send and nothing too long. */
  onSend: (text: string) => void;
  /** The message answered, shown above the field with a way to cancel. */
  replyingTo?: { name: string; excerpt: string } | undefined;
  onCancelReply?: () => void;
  /** Editing one of my messages: the field holds its text; Escape or Cancel stops. */
  editing?: boolean;
  onCancelEdit?: () => void;
  photos?: ComposerPhoto[];
  onAddPhotos?: (files: File[]) => void;
  onRemovePhoto?: (key: string) => void;
  /** Changed to put the cursor at the end of the field (an opener was chosen); 0: never. */
  focusRequest?: number;
};

/**
 * The message field: Enter sends, Shift+Enter breaks the line; too long says so. Above it, the
 * message being answered or edited and the photos to send.
 */
export function MessageComposer({
  name,
  text,
  onText,
  onSend,
  replyingTo,
  onCancelReply,
  editing = false,
  onCancelEdit,
  photos = [],
  onAddPhotos,
  onRemovePhoto,
  focusRequest = 0,
}: MessageComposerProps) {
  const { t } = useLingui();
  const replyName = replyingTo?.name;
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;
  const uploading = photos.some((photo) => !photo.id && !photo.error);
  const readyPhotos = photos.filter((photo) => photo.id).length;
  const canSend =
    !tooLong && !uploading && (text.trim().length > 0 || (!editing && readyPhotos > 0));
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // Answering or editing a message puts the cursor in the field.
  useEffect(() => {
    if (replyingTo || editing) inputRef.current?.focus();
  }, [replyingTo, editing]);

  useEffect(() => {
    const field = inputRef.current;
    if (!focusRequest || !field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [focusRequest]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim());
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape" && editing) {
      event.preventDefault();
      onCancelEdit?.();
      return;
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <div className="border-t border-base-300 bg-base-100">
      {replyingTo || editing ? (
        <div className="flex items-center gap-2 border-b border-base-300 px-3 py-2 text-sm">
          {editing ? (
            <Pencil aria-hidden="true" className="size-4 shrink-0 text-primary" />
          ) : (
            <Reply aria-hidden="true" className="size-4 shrink-0 text-primary" />
          )}
          <p className="min-w-0 flex-1 truncate">
            {editing ? (
              <span className="font-semibold">
                <Trans>Editing message</Trans>
              </span>
            ) : (
              <>
                <span className="font-semibold">
                  <Trans>Replying to {replyName}</Trans>
                </span>
                {replyingTo?.excerpt ? (
                  <span dir="auto" className="text-base-content/70">
                    : {replyingTo.excerpt}
                  </span>
                ) : null}
              </>
            )}
          </p>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle"
            aria-label={editing ? t`Cancel edit` : t`Cancel reply`}
            onClick={editing ? onCancelEdit : onCancelReply}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      {photos.length > 0 ? (
        <ul aria-label={t`Photos to send`} className="flex gap-2 overflow-x-auto px-3 pt-3">
          {photos.map((photo, index) => {
            const position = index + 1;
            return (
              <li key={photo.key} className="relative shrink-0">
                <img
                  src={photo.previewUrl}
                  alt=""
                  className={cn(
                    "size-16 rounded-md object-cover",
                    !photo.id && "opacity-60",
                    photo.error && "ring-2 ring-error",
                  )}
                />
                {!photo.id && !photo.error ? (
                  <span className="loading loading-spinner loading-sm absolute inset-0 m-auto" />
                ) : null}
                <button
                  type="button"
                  className="btn btn-circle btn-xs absolute -top-2 -end-2"
                  aria-label={t`Remove photo ${position}`}
                  onClick={() => onRemovePhoto?.(photo.key)}
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
                {photo.error ? <span className="sr-only">{photo.error}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {photos.find((photo) => photo.error)?.error ? (
        <p role="alert" className="px-3 pt-2 text-xs text-error">
          {photos.find((photo) => photo.error)?.error}
        </p>
      ) : null}
      <form onSubmit={submit} className="flex items-end gap-2 p-3">
        {onAddPhotos && !editing ? (
          <>
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              multiple
              className="hidden"
              aria-label={t`Photos to send`}
              data-testid="chat-photo-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = "";
                if (files.length) onAddPhotos(files);
              }}
            />
            <button
              type="button"
              className="btn btn-ghost btn-square"
              aria-label={t`Add photos`}
              title={t`Add up to ${CHAT_PHOTOS_PER_MESSAGE} photos`}
              disabled={photos.length >= CHAT_PHOTOS_PER_MESSAGE}
              onClick={() => fileRef.current?.click()}
            >
              <ImagePlus aria-hidden="true" className="size-5" />
            </button>
          </>
        ) : null}
        <label htmlFor="chat-input" className="sr-only">
          {editing ? t`Edit your message` : t`Message ${name}`}
        </label>
        <textarea
          ref={inputRef}
          id="chat-input"
          value={text}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={t`Type a message`}
          dir="auto"
          aria-invalid={tooLong || undefined}
          className={cn(
            "textarea max-h-40 min-h-11 flex-1 resize-none",
            tooLong && "textarea-error",
          )}
        />
        <button
          type="submit"
          className="btn btn-primary btn-square"
          aria-label={editing ? t`Save edit` : t`Send`}
          disabled={!canSend}
        >
          <SendHorizontal aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </button>
      </form>
      {tooLong ? (
        <p className="px-3 pb-2 text-xs text-error">{t`A message has at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`}</p>
      ) : null}
    </div>
  );
}
