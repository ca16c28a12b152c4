import type { ChatMessage, Conversation } from "@kindred/shared";
import { useEffect, useRef, useState } from "react";
import { LazyReportDialog } from "@/components/report/report-button.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { CHAT_MESSAGES } from "@/config/copy.ts";
import { cn } from "@/lib/cn.ts";
import { useMessages } from "../api/get-messages.ts";
import { claimOutbox, saveDraft, useDraft } from "../lib/outbox.ts";
import { useMarkRead } from "../lib/use-mark-read.ts";
import { useOlderMessages } from "../lib/use-older-messages.ts";
import { useOutgoingMessages } from "../lib/use-outgoing-messages.ts";
import { ConversationHeader } from "./conversation-header.tsx";
import { MessageComposer } from "./message-composer.tsx";
import { MessageDays, PendingMessages } from "./message-list.tsx";
import type { SafetyAction } from "./safety-dialogs.tsx";

/** The open conversation: header, messages grouped by day, and the input. */
export function ConversationView({
  conversation,
  meId,
  onAction,
  onBlocked,
  className,
}: {
  conversation: Conversation;
  meId: string;
  onAction: (action: SafetyAction) => void;
  /** The person was blocked along with a report of one of their messages. */
  onBlocked: () => void;
  className?: string;
}) {
  const [reporting, setReporting] = useState<ChatMessage>();
  // The tab's drafts and unsent messages are this person's before anything is typed or sent:
  // the chat socket, which claims them too, opens only once the first screen has settled.
  useEffect(() => claimOutbox(meId), [meId]);
  const { user } = conversation;
  const otherId = user._id;
  const name = fullName(user);
  const history = useMessages(otherId);
  const messages = history.data?.messages ?? [];
  const text = useDraft(otherId);
  const outgoing = useOutgoingMessages(otherId, messages);
  const older = useOlderMessages(otherId, history.data?.nextBefore);
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?._id;
  const pendingCount = outgoing.pending.length;
  useMarkRead(otherId, messages);

  // Follow the newest message (not when older ones are added on top).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message or a pending one changes
  useEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId, pendingCount]);

  return (
    <section
      aria-label={`Conversation with ${name}`}
      className={cn("min-w-0 flex-1 flex-col bg-base-200", className)}
    >
      <ConversationHeader conversation={conversation} onAction={onAction} />
      <div ref={scrollRef} className="flex-1 overflow-y-auto px-3 py-4 sm:px-6" aria-live="polite">
        {history.data?.nextBefore ? (
          <div className="mb-3 text-center">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => void older.loadOlder()}
              disabled={older.loading}
            >
              Load older messages
            </button>
          </div>
        ) : null}
        {history.isPending ? (
          <p role="status" className="text-center text-sm text-base-content/70">
            Loading...
          </p>
        ) : messages.length === 0 && pendingCount === 0 && !user.accountDeleted ? (
          <p className="mt-10 text-center text-sm text-base-content/70">
            Say hello to {user.firstName}.
          </p>
        ) : null}
        <MessageDays
          messages={messages}
          meId={meId}
          onReport={user.accountDeleted ? undefined : setReporting}
        />
        <PendingMessages pending={outgoing.pending} onRetry={outgoing.retry} />
      </div>
      {user.accountDeleted ? (
        <p
          role="note"
          className="border-t border-base-300 bg-base-100 px-4 py-3 text-center text-sm text-base-content/70"
        >
          {CHAT_MESSAGES.accountDeleted}
        </p>
      ) : (
        <MessageComposer
          name={name}
          text={text}
          onText={(value) => saveDraft(otherId, value)}
          onSend={(value) => {
            outgoing.send(value);
            saveDraft(otherId, "");
          }}
        />
      )}
      <LazyReportDialog
        open={reporting !== undefined}
        subject={{ type: "message", _id: reporting?._id ?? "" }}
        title={`Report this message from ${name}`}
        blockName={name}
        onClose={() => setReporting(undefined)}
        onReported={({ blocked }) => {
          if (blocked) onBlocked();
        }}
      />
    </section>
  );
}
