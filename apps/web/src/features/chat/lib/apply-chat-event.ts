import {
  CHAT_EXCERPT_LENGTH,
  type ChatMessage,
  type ChatPage,
  type ChatReplyTo,
  type ChatServerEvent,
  type Conversation,
  type Meetup,
} from "@kindred/shared";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-client.ts";
import { chatKeys } from "./chat-keys.ts";
import { clearTyping, noteTyping } from "./chat-live.ts";

/** A text's first line, as a reply quotes it. */
export function firstLine(text: string): string {
  return text.split("\n", 1)[0]?.slice(0, CHAT_EXCERPT_LENGTH) ?? "";
}

/** The newest message this tab knows of: where a reconnecting socket resumes from. */
let newest: { id: string; at: string } | undefined;

export function noteMessage(message: Pick<ChatMessage, "_id" | "createdAt">) {
  if (!newest || message.createdAt >= newest.at) {
    newest = { id: message._id, at: message.createdAt };
  }
}

export function newestMessageId(): string | null {
  return newest?.id ?? null;
}

export function forgetNewestMessage() {
  newest = undefined;
}

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/**
 * The later state of one message from two copies: a copy may have been answered before an edit,
 * a deletion or "Seen" that this tab already shows (the send's answer arriving after the
 * socket's events), and must not bring it back.
 */
function newerOf(known: ChatMessage, incoming: ChatMessage): ChatMessage {
  if (known.deletedAt && !incoming.deletedAt) return known;
  const olderText = known.editedAt !== null && (incoming.editedAt ?? "") < known.editedAt;
  return {
    ...incoming,
    ...(olderText ? { text: known.text, editedAt: known.editedAt } : {}),
    readByOther: known.readByOther || incoming.readByOther,
  };
}

/**
 * Adds messages to a loaded history, once each, in time order; a message already there is
 * replaced by the incoming copy (it may have been edited, deleted or reacted to since). A page
 * that does not reach the newest message (opened around an older one) takes no new ones: they
 * come with its newer pages.
 */
export function mergeMessages(page: ChatPage, incoming: ChatMessage[]): ChatPage {
  const byId = new Map(incoming.map((message) => [message._id, message]));
  let replaced = false;
  const messages = page.messages.map((message) => {
    const fresh = byId.get(message._id);
    if (!fresh) return message;
    byId.delete(message._id);
    replaced = true;
    return newerOf(message, fresh);
  });
  const added = page.nextAfter ? [] : [...byId.values()];
  if (added.length === 0 && !replaced) return page;
  return { ...page, messages: added.length ? [...messages, ...added].sort(byTime) : messages };
}

/** Changes the messages of one conversation's history that `pick` chooses. */
function changeMessages(
  queryClient: QueryClient,
  otherId: string,
  pick: (message: ChatMessage) => boolean,
  change: (message: ChatMessage) => ChatMessage,
) {
  queryClient.setQueryData<ChatPage>(chatKeys.messages(otherId), (page) =>
    page?.messages.some(pick)
      ? { ...page, messages: page.messages.map((m) => (pick(m) ? change(m) : m)) }
      : page,
  );
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) =>
    rows?.map((row) =>
      row.user._id === otherId && row.lastMessage && pick(row.lastMessage)
        ? { ...row, lastMessage: change(row.lastMessage) }
        : row,
    ),
  );
}

/**
 * A meet-up as it is now (an answer, mine from its button or either from the socket): the
 * message that carries it changes wherever this tab holds it.
 */
export function applyMeetup(queryClient: QueryClient, meId: string, meetup: Meetup) {
  const otherId = meetup.proposedBy === meId ? meetup.proposedTo : meetup.proposedBy;
  changeMessages(
    queryClient,
    otherId,
    (message) => message.meetup?._id === meetup._id,
    (message) => ({ ...message, meetup }),
  );
}

/** The other person of a change to a message between me and them. */
function otherOf(event: { fromUserId: string; toUserId: string }, meId: string): string {
  return event.fromUserId === meId ? event.toUserId : event.fromUserId;
}

/** Changes one message, and the quotes of it in the replies that answer it. */
function changeWithQuotes(
  queryClient: QueryClient,
  otherId: string,
  messageId: string,
  change: (message: ChatMessage) => ChatMessage,
  changeQuote: (quote: ChatReplyTo) => ChatReplyTo,
) {
  changeMessages(queryClient, otherId, (message) => message._id === messageId, change);
  changeMessages(
    queryClient,
    otherId,
    (message) => message.replyTo?._id === messageId,
    (message) =>
      message.replyTo ? { ...message, replyTo: changeQuote(message.replyTo) } : message,
  );
}

/** My messages to `otherId` up to `messageId` (in the loaded order) are read by them. */
function markSeen(queryClient: QueryClient, meId: string, otherId: string, messageId: string) {
  queryClient.setQueryData<ChatPage>(chatKeys.messages(otherId), (page) => {
    if (!page) return page;
    const at = page.messages.findIndex((message) => message._id === messageId);
    if (at < 0) return page;
    return {
      ...page,
      messages: page.messages.map((message, index) =>
        index <= at && message.fromUserId === meId && !message.readByOther && !message.deletedAt
          ? { ...message, readByOther: true }
          : message,
      ),
    };
  });
}

/** Restarted history requests, with the messages each was restarted for. */
const restarts = new WeakMap<object, { ids: Set<string>; done: Promise<void> }>();

/** Resolves when the latest restart of this history (also one begun meanwhile) has finished. */
async function restartSettled(query: object): Promise<void> {
  const running = restarts.get(query);
  await running?.done;
  if (restarts.get(query) !== running) await restartSettled(query);
}

/**
 * Adds stored messages to one conversation's cached history. A history request under way may
 * have been answered from before they were stored, and its answer replaces the cache: that
 * request is dropped and asked again (resolved when that answer is in).
 */
export function addToHistory(
  queryClient: QueryClient,
  otherId: string,
  messages: ChatMessage[],
): Promise<void> {
  const queryKey = chatKeys.messages(otherId);
  const query = queryClient.getQueryCache().find<ChatPage>({ queryKey, exact: true });
  // Not asked for yet: the first request will read them from the server.
  if (!query) return Promise.resolve();
  queryClient.setQueryData<ChatPage>(queryKey, (page) =>
    page ? mergeMessages(page, messages) : page,
  );
  const fetching = query.state.fetchStatus === "fetching";
  if (query.state.data && !fetching) return Promise.resolve();
  const running = fetching ? restarts.get(query) : undefined;
  // The same message twice (the send's answer and the socket's echo) restarts it once.
  if (running && messages.every((message) => running.ids.has(message._id))) {
    return restartSettled(query);
  }
  // Cancelled explicitly: a refetch alone would join the request under way while none is loaded.
  const done = queryClient
    .cancelQueries({ queryKey, exact: true })
    .then(() => queryClient.refetchQueries({ queryKey, exact: true, type: "all" }));
  const ids = new Set([...(running?.ids ?? []), ...messages.map((message) => message._id)]);
  restarts.set(query, { ids, done });
  return restartSettled(query);
}

function sortConversations(rows: Conversation[]): Conversation[] {
  return [...rows].sort((a, b) => {
    const at = a.lastMessage?.createdAt ?? "";
    const bt = b.lastMessage?.createdAt ?? "";
    return at < bt ? 1 : at > bt ? -1 : 0;
  });
}

/** Applies one server event to the cached conversations and histories. */
export function applyChatEvent(queryClient: QueryClient, meId: string, event: ChatServerEvent) {
  switch (event.type) {
    case "message": {
      const { message } = event;
      noteMessage(message);
      const otherId = message.fromUserId === meId ? message.toUserId : message.fromUserId;
      if (message.fromUserId === otherId) clearTyping(otherId);
      const page = queryClient.getQueryData<ChatPage>(chatKeys.messages(otherId));
      let isNew = !page?.messages.some((known) => known._id === message._id);
      void addToHistory(queryClient, otherId, [message]);
      const rows = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
      const row = rows?.find((candidate) => candidate.user._id === otherId);
      if (!rows || !row) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        return;
      }
      if (row.lastMessage?._id === message._id) isNew = false;
      if (!isNew) {
        // A message known already may come back changed (a resume after an edit).
        changeMessages(
          queryClient,
          otherId,
          (known) => known._id === message._id,
          (known) => newerOf(known, message),
        );
        return;
      }
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (current = []) =>
        sortConversations(
          current.map((candidate) =>
            candidate.user._id === otherId
              ? {
                  ...candidate,
                  lastMessage:
                    !candidate.lastMessage || candidate.lastMessage.createdAt <= message.createdAt
                      ? message
                      : candidate.lastMessage,
                  unread: candidate.unread + (message.toUserId === meId ? 1 : 0),
                }
              : candidate,
          ),
        ),
      );
      return;
    }
    case "edited": {
      changeWithQuotes(
        queryClient,
        otherOf(event, meId),
        event.messageId,
        (message) => ({ ...message, text: event.text, editedAt: event.editedAt }),
        (quote) => ({ ...quote, excerpt: firstLine(event.text) }),
      );
      return;
    }
    case "deleted": {
      changeWithQuotes(
        queryClient,
        otherOf(event, meId),
        event.messageId,
        (message) => ({
          ...message,
          text: "",
          deletedAt: event.deletedAt,
          reactions: [],
          photos: [],
        }),
        (quote) => ({ ...quote, excerpt: "", deleted: true, photos: 0 }),
      );
      return;
    }
    case "reactions": {
      changeMessages(
        queryClient,
        otherOf(event, meId),
        (message) => message._id === event.messageId,
        (message) => ({
          ...message,
          reactions: event.reactions.map(({ emoji, userIds }) => ({
            emoji,
            count: userIds.length,
            mine: userIds.includes(meId),
          })),
        }),
      );
      return;
    }
    case "meetup": {
      applyMeetup(queryClient, meId, event.meetup);
      return;
    }
    case "typing": {
      noteTyping(event.userId);
      return;
    }
    case "seen": {
      markSeen(queryClient, meId, event.userId, event.messageId);
      return;
    }
    case "read": {
      if (event.byUserId !== meId) return;
      setUnread(queryClient, event.withUserId, 0);
      return;
    }
    case "presence": {
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) =>
        rows?.map((row) =>
          row.user._id === event.userId ? { ...row, online: event.online } : row,
        ),
      );
      return;
    }
    case "resumed": {
      for (const message of event.messages) {
        applyChatEvent(queryClient, meId, { type: "message", message });
      }
      for (const seen of event.seen) markSeen(queryClient, meId, seen.userId, seen.messageId);
      return;
    }
    case "closed": {
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) =>
        rows?.filter((row) => row.user._id !== event.userId),
      );
      queryClient.removeQueries({ queryKey: chatKeys.messages(event.userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
      // A deleted account leaves its conversation behind, kept read-only under a new id.
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      return;
    }
    default:
      return;
  }
}

export function setUnread(queryClient: QueryClient, userId: string, unread: number) {
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) =>
    rows?.map((row) => (row.user._id === userId ? { ...row, unread } : row)),
  );
}
