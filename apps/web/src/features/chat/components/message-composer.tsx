import { CHAT_MESSAGE_MAX_LENGTH } from "@kindred/shared";
import { SendHorizontal } from "lucide-react";
import type { FormEvent, KeyboardEvent } from "react";
import { CHAT_MESSAGES } from "@/config/copy.ts";
import { cn } from "@/lib/cn.ts";

type MessageComposerProps = {
  /** The person written to, for the field's label. */
  name: string;
  text: string;
  onText: (text: string) => void;
  /** Called with the trimmed text when it is neither empty nor too long. */
  onSend: (text: string) => void;
};

/** The message field: Enter sends, Shift+Enter breaks the line; too long says so. */
export function MessageComposer({ name, text, onText, onSend }: MessageComposerProps) {
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const value = text.trim();
    if (!value || value.length > CHAT_MESSAGE_MAX_LENGTH) return;
    onSend(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <>
      <form
        onSubmit={submit}
        className="flex items-end gap-2 border-t border-base-300 bg-base-100 p-3"
      >
        <label htmlFor="chat-input" className="sr-only">
          Message {name}
        </label>
        <textarea
          id="chat-input"
          value={text}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder="Type a message"
          aria-invalid={tooLong || undefined}
          className={cn(
            "textarea max-h-40 min-h-11 flex-1 resize-none",
            tooLong && "textarea-error",
          )}
        />
        <button
          type="submit"
          className="btn btn-primary btn-square"
          aria-label="Send"
          disabled={!text.trim() || tooLong}
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </form>
      {tooLong ? (
        <p className="bg-base-100 px-3 pb-2 text-xs text-error">{CHAT_MESSAGES.messageTooLong}</p>
      ) : null}
    </>
  );
}
