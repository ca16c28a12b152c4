import {
  CHAT_PHOTOS_PER_MESSAGE,
  type ChatMessage,
  type ChatPhoto,
  type ChatServerEvent,
  type Conversation,
} from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowDown } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LazyReportDialog } from "@/components/report/report-button.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { errorMessageOf } from "@/lib/api-client.ts";
import { cn } from "@/lib/cn.ts";
import { useMe } from "@/lib/get-me.ts";
import { type ChatHistory, useMessages } from "../api/get-messages.ts";
import {
  deleteMessage,
  editMessage,
  setReaction,
  uploadChatPhoto,
} from "../api/message-actions.ts";
import { applyChatEvent, firstLine } from "../lib/apply-chat-event.ts";
import { CHAT_COPY } from "../lib/chat-copy.ts";
import { chatKeys } from "../lib/chat-keys.ts";
import { sendTyping, typingDone, useTyping } from "../lib/chat-live.ts";
import { icebreakers } from "../lib/icebreakers.ts";
import { claimOutbox, saveDraft, useDraft } from "../lib/outbox.ts";
import { useHistoryWindow } from "../lib/use-history-window.ts";
import { useMarkRead } from "../lib/use-mark-read.ts";
import { useOutgoingMessages } from "../lib/use-outgoing-messages.ts";
import { ConversationHeader } from "./conversation-header.tsx";
import { ConversationSearch } from "./conversation-search.tsx";
import { Icebreakers } from "./icebreakers.tsx";
import { type ComposerPhoto, MessageComposer } from "./message-composer.tsx";
import { MessageDays, PendingMessages } from "./message-list.tsx";
import { PhotoLightbox } from "./photo-lightbox.tsx";
import type { SafetyAction } from "./safety-dialogs.tsx";
import { LazySuggestTimeDialog } from "./suggest-time.tsx";

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM = 80;
/** How long a message jumped to stays highlighted. */
const HIGHLIGHT_MS = 2000;

/** The photos chosen for the next message: each uploaded as soon as it is chosen. */
function useComposerPhotos() {
  const { t } = useLingui();
  const [photos, setPhotos] = useState<ComposerPhoto[]>([]);
  const uploads = useRef(Promise.resolve());
  const change = (key: string, patch: Partial<ComposerPhoto>) =>
    setPhotos((current) => current.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  function add(files: File[]) {
    const room = CHAT_PHOTOS_PER_MESSAGE - photos.length;
    if (files.length > room) {
      showToast(t`A message holds at most ${CHAT_PHOTOS_PER_MESSAGE} photos.`, {
        variant: "error",
      });
    }
    const chosen = files.slice(0, Math.max(0, room)).map((file) => ({
      file,
      photo: { key: crypto.randomUUID(), previewUrl: URL.createObjectURL(file) },
    }));
    setPhotos((current) => [...current, ...chosen.map(({ photo }) => photo)]);
    // One at a time: the server processes one photo per person at once.
    for (const { file, photo } of chosen) {
      uploads.current = uploads.current.then(() =>
        uploadChatPhoto(file).then(
          (id) => change(photo.key, { id }),
          (error: unknown) =>
            change(photo.key, { error: errorMessageOf(error, t`This photo could not be added.`) }),
        ),
      );
    }
  }

  function remove(key: string) {
    setPhotos((current) => {
      const gone = current.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((p) => p.key !== key);
    });
  }

  function clear() {
    for (const photo of photos) URL.revokeObjectURL(photo.previewUrl);
    setPhotos([]);
  }

  return { photos, add, remove, clear };
}

/**
 * The open conversation: header, messages grouped by day, and the input. It opens at the first
 * unread message under a "New messages" line (else at the newest), follows new messages while
 * the newest are in view, and offers a jump back to them.
 */
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
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [reporting, setReporting] = useState<ChatMessage>();
  const [replyTo, setReplyTo] = useState<ChatMessage>();
  const [editing, setEditing] = useState<ChatMessage>();
  const [editText, setEditText] = useState("");
  const [deleting, setDeleting] = useState<ChatMessage>();
  const [lightbox, setLightbox] = useState<{ photos: ChatPhoto[]; index: number }>();
  const [searching, setSearching] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [highlighted, setHighlighted] = useState<string>();
  const [pendingJump, setPendingJump] = useState<string>();
  const [pendingBottom, setPendingBottom] = useState(false);
  const [atBottom, setAtBottom] = useState(true);
  const [composerFocus, setComposerFocus] = useState(0);
  // The signed-in layout has already read Me: this reads its cache.
  const { data: me } = useMe();
  // The tab's drafts and unsent messages are this person's before anything is typed or sent:
  // the chat socket, which claims them too, opens only once the first screen has settled.
  useEffect(() => claimOutbox(meId), [meId]);
  const { user } = conversation;
  const otherId = user._id;
  const name = fullName(user);
  const firstName = user.firstName;
  const readOnly = user.accountDeleted === true;
  const history = useMessages(otherId, queryClient);
  const page = history.data;
  const messages = page?.messages ?? [];
  const draft = useDraft(otherId);
  const outgoing = useOutgoingMessages(otherId, messages);
  const windowed = useHistoryWindow(otherId, page);
  const photos = useComposerPhotos();
  const typing = useTyping(otherId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const positioned = useRef(false);
  const lastId = messages.at(-1)?._id;
  const pendingCount = outgoing.pending.length;
  useMarkRead(otherId, messages);

  // Leaving the conversation forgets where its unread messages began.
  useEffect(
    () => () => {
      queryClient.setQueryData<ChatHistory>(chatKeys.messages(otherId), (current) =>
        current ? { ...current, firstUnreadId: null } : current,
      );
    },
    [otherId, queryClient],
  );

  // Opens at the first unread message, else at the newest; then follows new messages while the
  // newest are in view (and always after sending).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message or a pending one changes
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || !page) return;
    if (!positioned.current) {
      positioned.current = true;
      const line = page.firstUnreadId ? document.getElementById("first-unread") : null;
      if (line) {
        line.scrollIntoView({ block: "start" });
        return;
      }
    } else if (!atBottom && messages.at(-1)?.fromUserId !== meId) {
      return;
    }
    box.scrollTop = box.scrollHeight;
  }, [lastId, pendingCount, page !== undefined]);

  // A jump scrolls once the message is on screen.
  useEffect(() => {
    if (!pendingJump || !messages.some((message) => message._id === pendingJump)) return;
    document
      .getElementById(`message-${pendingJump}`)
      ?.scrollIntoView({ block: "center", behavior: "smooth" });
    setHighlighted(pendingJump);
    setPendingJump(undefined);
    const timer = setTimeout(() => setHighlighted(undefined), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [pendingJump, messages]);

  function jumpTo(messageId: string) {
    setPendingJump(messageId);
    windowed.jumpTo(messageId).catch((error: unknown) => {
      setPendingJump(undefined);
      showToast(errorMessageOf(error, t`This message could not be loaded.`), { variant: "error" });
    });
  }

  async function jumpToNewest() {
    if (page?.nextAfter) await windowed.jumpToNewest();
    // Scrolled once the newest page is on screen (the effect below), not before it renders.
    setPendingBottom(true);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages or the request change
  useEffect(() => {
    const box = scrollRef.current;
    if (!pendingBottom || !box || page?.nextAfter) return;
    box.scrollTop = box.scrollHeight;
    setPendingBottom(false);
  }, [pendingBottom, messages]);

  const apply = (event: ChatServerEvent) => applyChatEvent(queryClient, meId, event);
  const failed = (fallback: string) => (error: unknown) =>
    showToast(errorMessageOf(error, fallback), { variant: "error" });

  function send(text: string) {
    if (editing) {
      const target = editing;
      editMessage(target._id, text).then((message) => {
        apply({
          type: "edited",
          messageId: message._id,
          fromUserId: message.fromUserId,
          toUserId: message.toUserId,
          text: message.text,
          editedAt: message.editedAt ?? new Date().toISOString(),
        });
        setEditing(undefined);
        setEditText("");
      }, failed(t`The message could not be edited.`));
      return;
    }
    // Sending from an older part of the conversation goes back to the newest, where it lands.
    if (page?.nextAfter) void jumpToNewest();
    const ready = photos.photos.flatMap((photo) => (photo.id ? [photo.id] : []));
    outgoing.send({
      text,
      ...(replyTo ? { replyTo: replyTo._id } : {}),
      ...(ready.length ? { photos: ready } : {}),
    });
    typingDone(otherId);
    saveDraft(otherId, "");
    setReplyTo(undefined);
    photos.clear();
  }

  function confirmDelete() {
    const target = deleting;
    setDeleting(undefined);
    if (!target) return;
    deleteMessage(target._id).then(() => {
      apply({
        type: "deleted",
        messageId: target._id,
        fromUserId: target.fromUserId,
        toUserId: target.toUserId,
        deletedAt: new Date().toISOString(),
      });
      if (editing?._id === target._id) setEditing(undefined);
    }, failed(t`The message could not be deleted.`));
  }

  function react(message: ChatMessage, emoji: string, on: boolean) {
    setReaction(message._id, emoji, on).then((reactions) => {
      queryClient.setQueryData<ChatHistory>(chatKeys.messages(otherId), (current) =>
        current
          ? {
              ...current,
              messages: current.messages.map((m) =>
                m._id === message._id ? { ...m, reactions } : m,
              ),
            }
          : current,
      );
    }, failed(t`The reaction could not be saved.`));
  }

  const showJump = !atBottom || Boolean(page?.nextAfter);

  return (
    <section
      aria-label={t`Conversation with ${name}`}
      className={cn("relative min-w-0 flex-1 flex-col bg-base-200", className)}
    >
      <ConversationHeader
        conversation={conversation}
        onAction={onAction}
        onSearch={readOnly ? undefined : () => setSearching((open) => !open)}
        onSuggestTime={readOnly ? undefined : () => setSuggesting(true)}
      />
      {searching ? (
        <ConversationSearch
          otherId={otherId}
          meId={meId}
          otherName={user.firstName}
          onClose={() => setSearching(false)}
          onOpen={(message) => jumpTo(message._id)}
        />
      ) : null}
      <div
        ref={scrollRef}
        className="flex-1 overflow-y-auto px-3 py-4 sm:px-6"
        aria-live="polite"
        onScroll={(event) => {
          const box = event.currentTarget;
          setAtBottom(box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM);
        }}
      >
        {page?.nextBefore ? (
          <div className="mb-3 text-center">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => void windowed.loadOlder()}
              disabled={windowed.loading !== null}
            >
              <Trans>Load older messages</Trans>
            </button>
          </div>
        ) : null}
        {history.isPending ? (
          <p role="status" className="text-center text-sm text-base-content/70">
            <Trans>Loading...</Trans>
          </p>
        ) : messages.length === 0 && pendingCount === 0 && !readOnly ? (
          <div className="mt-10 flex flex-col items-center gap-4">
            <p className="text-center text-sm text-base-content/70">
              <Trans>Say hello to {firstName}.</Trans>
            </p>
            <Icebreakers
              openers={icebreakers(user, {
                skills: me?.skills ?? [],
                learning: me?.learning ?? [],
              })}
              onPick={(text) => {
                // Into the field, not sent: the person may change it first.
                saveDraft(otherId, text);
                setComposerFocus((count) => count + 1);
              }}
            />
          </div>
        ) : null}
        <MessageDays
          messages={messages}
          meId={meId}
          otherName={user.firstName}
          firstUnreadId={page?.firstUnreadId}
          highlightedId={highlighted}
          onReport={readOnly ? undefined : setReporting}
          onJump={jumpTo}
          onOpenPhoto={(list, index) => setLightbox({ photos: list, index })}
          {...(readOnly
            ? {}
            : {
                onReply: (message: ChatMessage) => {
                  setEditing(undefined);
                  setReplyTo(message);
                },
                onEdit: (message: ChatMessage) => {
                  setReplyTo(undefined);
                  setEditing(message);
                  setEditText(message.text);
                },
                onDelete: setDeleting,
                onReact: react,
              })}
        />
        {page?.nextAfter ? (
          <div className="my-3 text-center">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => void windowed.loadNewer()}
              disabled={windowed.loading !== null}
            >
              <Trans>Load newer messages</Trans>
            </button>
          </div>
        ) : (
          <PendingMessages pending={outgoing.pending} onRetry={outgoing.retry} />
        )}
      </div>
      {typing && !readOnly ? (
        <p role="status" className="bg-base-200 px-4 pb-1 text-xs text-base-content/70 italic">
          <Trans>{firstName} is typing…</Trans>
        </p>
      ) : null}
      {showJump ? (
        <button
          type="button"
          className="btn btn-sm btn-circle btn-primary absolute end-4 bottom-24 shadow-lg"
          aria-label={t`Jump to newest`}
          title={t`Jump to newest`}
          onClick={() => void jumpToNewest()}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      {readOnly ? (
        <p
          role="note"
          className="border-t border-base-300 bg-base-100 px-4 py-3 text-center text-sm text-base-content/70"
        >
          {i18n._(CHAT_COPY.accountDeleted)}
        </p>
      ) : (
        <MessageComposer
          name={name}
          text={editing ? editText : draft}
          onText={(value) => {
            if (editing) {
              setEditText(value);
              return;
            }
            saveDraft(otherId, value);
            if (value.trim()) sendTyping(otherId);
          }}
          onSend={send}
          replyingTo={
            replyTo
              ? {
                  name: replyTo.fromUserId === meId ? t`yourself` : user.firstName,
                  excerpt: firstLine(replyTo.text) || (replyTo.photos.length ? "Photo" : ""),
                }
              : undefined
          }
          onCancelReply={() => setReplyTo(undefined)}
          editing={editing !== undefined}
          onCancelEdit={() => {
            setEditing(undefined);
            setEditText("");
          }}
          photos={photos.photos}
          onAddPhotos={photos.add}
          onRemovePhoto={photos.remove}
          focusRequest={composerFocus}
        />
      )}
      <Modal
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t`Delete this message for everyone?`}
        description={t`${firstName} will see "Message deleted" in its place. This cannot be undone.`}
      >
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setDeleting(undefined)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn-error" onClick={confirmDelete}>
            <Trans>Delete</Trans>
          </button>
        </div>
      </Modal>
      {lightbox ? (
        <PhotoLightbox
          photos={lightbox.photos}
          index={lightbox.index}
          onIndex={(index) => setLightbox({ ...lightbox, index })}
          onClose={() => setLightbox(undefined)}
        />
      ) : null}
      <LazySuggestTimeDialog
        open={suggesting}
        otherId={otherId}
        otherName={user.firstName}
        onClose={() => setSuggesting(false)}
      />
      <LazyReportDialog
        open={reporting !== undefined}
        subject={{ type: "message", _id: reporting?._id ?? "" }}
        title={t`Report this message from ${name}`}
        blockName={name}
        onClose={() => setReporting(undefined)}
        onReported={({ blocked }) => {
          if (blocked) onBlocked();
        }}
      />
    </section>
  );
}
