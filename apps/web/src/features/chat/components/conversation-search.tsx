import type { ChatMessage } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { errorMessageOf } from "@/lib/api-client.ts";
import { getMessages } from "../api/get-messages.ts";
import { dayLabel, timeOf } from "../lib/format-time.ts";

/** Waits until typing pauses before searching. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Search in one conversation: the messages holding the words, newest first; a hit opens there. */
export function ConversationSearch({
  otherId,
  meId,
  otherName,
  onOpen,
  onClose,
}: {
  otherId: string;
  meId: string;
  otherName: string;
  onOpen: (message: ChatMessage) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState("");
  const q = useSettled(text.trim());
  const results = useQuery({
    queryKey: ["chat", "search", otherId, q],
    queryFn: ({ signal }) => getMessages(otherId, { q }, signal),
    enabled: q.length > 0,
  });
  return (
    <div className="border-b border-base-300 bg-base-100 px-3 py-2">
      <div className="flex items-center gap-2">
        <label htmlFor="chat-search" className="sr-only">
          <Trans>Search messages</Trans>
        </label>
        <input
          id="chat-search"
          type="search"
          // biome-ignore lint/a11y/noAutofocus: opened by the person to type at once
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") onClose();
          }}
          placeholder={t`Search messages with ${otherName}`}
          className="input input-sm flex-1"
          maxLength={200}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-circle"
          aria-label={t`Close search`}
          onClick={onClose}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {q ? (
        <div className="mt-2 max-h-64 overflow-y-auto" aria-live="polite">
          {results.isPending ? (
            <p role="status" className="text-sm text-base-content/70">
              <Trans>Searching...</Trans>
            </p>
          ) : results.isError ? (
            <p role="alert" className="text-sm text-error">
              {errorMessageOf(results.error, t`The search failed. Try again.`)}
            </p>
          ) : results.data.messages.length === 0 ? (
            <p className="text-sm text-base-content/70">
              <Trans>No messages with these words.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Search results`} className="menu menu-sm w-full p-0">
              {results.data.messages.map((message) => (
                <li key={message._id}>
                  <button
                    type="button"
                    className="block text-start"
                    onClick={() => onOpen(message)}
                  >
                    <span className="block text-xs text-base-content/60">
                      {message.fromUserId === meId ? t`You` : otherName} ·{" "}
                      {dayLabel(message.createdAt, i18n.locale)}{" "}
                      {timeOf(message.createdAt, i18n.locale)}
                    </span>
                    <span dir="auto" className="line-clamp-2 break-words">
                      {message.text}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
