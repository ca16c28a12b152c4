import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  type ChatMessage,
  type Conversation,
} from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, RotateCw, SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { getMessages, useMessages } from "../api/get-messages.ts";
import { markRead } from "../api/mark-read.ts";
import { sendMessage } from "../api/send-message.ts";
import { mergeMessages, noteMessage, setUnread } from "../lib/apply-chat-event.ts";
import { chatKeys } from "../lib/chat-keys.ts";
import { dayKey, dayLabel, timeOf } from "../lib/format-time.ts";
import {
  type PendingMessage as Pending,
  saveDraft,
  updatePending,
  useDraft,
  usePending,
} from "../lib/outbox.ts";
import { Presence } from "./presence.tsx";
import type { SafetyAction } from "./safety-dialogs.tsx";
import { SafetyMenu } from "./safety-menu.tsx";

function newClientId(): string {
  return crypto.randomUUID();
}

/** The open conversation: header, messages grouped by day, and the input. */
export function ConversationView({
  conversation,
  meId,
  onAction,
  className,
}: {
  conversation: Conversation;
  meId: string;
  onAction: (action: SafetyAction) => void;
  className?: string;
}) {
  const { user, online } = conversation;
  const otherId = user._id;
  const name = fullName(user);
  const queryClient = useQueryClient();
  const history = useMessages(otherId);
  const queued = usePending(otherId);
  const text = useDraft(otherId);
  const setText = (value: string) => saveDraft(otherId, value);
  const setPending = (change: (current: Pending[]) => Pending[]) => updatePending(otherId, change);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const markedRef = useRef<string | undefined>(undefined);
  const messages = history.data?.messages ?? [];
  // A stored message replaces its pending copy at once (the two stores update one after the other).
  const storedClientIds = new Set(messages.map((message) => message.clientId));
  const pending = queued.filter((item) => !storedClientIds.has(item.clientId));
  const lastId = messages.at(-1)?._id;

  // Follow the newest message (not when older ones are added on top).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message or a pending one changes
  useEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId, pending.length]);

  // Reading the conversation marks it read, up to the newest message from the other person.
  useEffect(() => {
    const newestFromThem = [...messages].reverse().find((m) => m.fromUserId === otherId);
    if (!newestFromThem || markedRef.current === newestFromThem._id) return;
    const mark = () => {
      if (document.visibilityState !== "visible") return;
      markedRef.current = newestFromThem._id;
      markRead(otherId, newestFromThem._id)
        .then((unread) => setUnread(queryClient, otherId, unread))
        .catch(() => {
          markedRef.current = undefined;
        });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [messages, otherId, queryClient]);

  function deliver(item: Pending) {
    sendMessage(otherId, item.text, item.clientId)
      .then((message: ChatMessage) => {
        noteMessage(message);
        queryClient.setQueryData(chatKeys.messages(otherId), (page: typeof history.data) =>
          page ? mergeMessages(page, [message]) : page,
        );
        queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) => {
          if (!rows) return rows;
          const updated = rows.map((row) =>
            row.user._id === otherId ? { ...row, lastMessage: message } : row,
          );
          const index = updated.findIndex((row) => row.user._id === otherId);
          const [moved] = index >= 0 ? updated.splice(index, 1) : [];
          return moved ? [moved, ...updated] : updated;
        });
        setPending((current) => current.filter((p) => p.clientId !== item.clientId));
      })
      .catch(() => {
        setPending((current) =>
          current.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)),
        );
      });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const value = text.trim();
    if (!value || value.length > CHAT_MESSAGE_MAX_LENGTH) return;
    const item = { clientId: newClientId(), text: value, failed: false };
    setPending((current) => [...current, item]);
    setText("");
    deliver(item);
  }

  function retry(item: Pending) {
    const again = { ...item, failed: false };
    setPending((current) => current.map((p) => (p.clientId === item.clientId ? again : p)));
    deliver(again);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  async function loadOlder() {
    const before = history.data?.nextBefore;
    if (!before) return;
    setLoadingOlder(true);
    try {
      const older = await getMessages(otherId, before);
      queryClient.setQueryData(chatKeys.messages(otherId), (page: typeof history.data) =>
        page
          ? {
              messages: mergeMessages({ ...page, messages: older.messages }, page.messages)
                .messages,
              nextBefore: older.nextBefore,
            }
          : page,
      );
    } finally {
      setLoadingOlder(false);
    }
  }

  const groups: { key: string; label: string; items: ChatMessage[] }[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(message);
    else groups.push({ key, label: dayLabel(message.createdAt), items: [message] });
  }
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;

  return (
    <section
      aria-label={`Conversation with ${name}`}
      className={cn("min-w-0 flex-1 flex-col bg-base-200", className)}
    >
      <header className="flex items-center gap-3 border-b border-base-300 bg-base-100 px-3 py-2 sm:px-4">
        <Link
          to={paths.chat}
          className="btn btn-ghost btn-circle btn-sm md:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <Avatar src={user.photoUrl} name={name} userId={otherId} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{name}</h2>
          <Presence online={online} />
        </div>
        <SafetyMenu name={name} onAction={onAction} className="lg:hidden" />
      </header>
      <div ref={scrollRef} className="flex-1 overflow-y-auto px-3 py-4 sm:px-6" aria-live="polite">
        {history.data?.nextBefore ? (
          <div className="mb-3 text-center">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => void loadOlder()}
              disabled={loadingOlder}
            >
              Load older messages
            </button>
          </div>
        ) : null}
        {history.isPending ? (
          <p role="status" className="text-center text-sm text-base-content/70">
            Loading...
          </p>
        ) : messages.length === 0 && pending.length === 0 ? (
          <p className="mt-10 text-center text-sm text-base-content/70">
            Say hello to {user.firstName}.
          </p>
        ) : null}
        {groups.map((group) => (
          <div key={group.key}>
            <h3 className="divider my-3 text-xs font-medium text-base-content/60">{group.label}</h3>
            <ol>
              {group.items.map((message) => {
                const mine = message.fromUserId === meId;
                return (
                  <li key={message._id} className={cn("chat", mine ? "chat-end" : "chat-start")}>
                    <div
                      className={cn(
                        "chat-bubble max-w-[85%] whitespace-pre-wrap break-words sm:max-w-[70%]",
                        mine ? "chat-bubble-primary" : "bg-base-100 text-base-content",
                      )}
                    >
                      {message.text}
                    </div>
                    <div className="chat-footer mt-0.5 text-xs text-base-content/60">
                      <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
        {pending.length > 0 ? (
          <ol aria-label="Sending">
            {pending.map((item) => (
              <li key={item.clientId} className="chat chat-end">
                <div
                  className={cn(
                    "chat-bubble max-w-[85%] whitespace-pre-wrap break-words sm:max-w-[70%]",
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
                      onClick={() => retry(item)}
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
        ) : null}
      </div>
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
          onChange={(event) => setText(event.target.value)}
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
    </section>
  );
}
