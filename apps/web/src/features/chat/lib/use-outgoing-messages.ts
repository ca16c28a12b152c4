import type { ChatMessage, Conversation } from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type OutgoingMessage, sendMessage } from "../api/send-message.ts";
import { addToHistory, noteMessage } from "./apply-chat-event.ts";
import { chatKeys } from "./chat-keys.ts";
import { type PendingMessage, updatePending, usePending } from "./outbox.ts";

/**
 * The messages on their way to one person: sent at once, shown as pending until stored, marked
 * failed (with Retry) when the call fails. A stored message moves its conversation to the top.
 */
export function useOutgoingMessages(otherId: string, stored: ChatMessage[]) {
  const queryClient = useQueryClient();
  const queued = usePending(otherId);
  const setPending = (change: (current: PendingMessage[]) => PendingMessage[]) =>
    updatePending(otherId, change);
  // A stored message replaces its pending copy at once (the two stores update one after the other).
  const storedClientIds = new Set(stored.map((message) => message.clientId));
  const pending = queued.filter((item) => !storedClientIds.has(item.clientId));

  function deliver(item: PendingMessage) {
    const { text, replyTo, photos } = item;
    sendMessage(otherId, { text, replyTo, photos }, item.clientId).then(
      async (message: ChatMessage) => {
        noteMessage(message);
        queryClient.setQueryData<Conversation[]>(chatKeys.conversations, (rows) => {
          if (!rows) return rows;
          const updated = rows.map((row) =>
            row.user._id === otherId ? { ...row, lastMessage: message } : row,
          );
          const index = updated.findIndex((row) => row.user._id === otherId);
          const [moved] = index >= 0 ? updated.splice(index, 1) : [];
          return moved ? [moved, ...updated] : updated;
        });
        // The pending copy stays on screen until the history that holds the message is there.
        await addToHistory(queryClient, otherId, [message]);
        setPending((current) => current.filter((p) => p.clientId !== item.clientId));
      },
      () => {
        setPending((current) =>
          current.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)),
        );
      },
    );
  }

  function send(message: OutgoingMessage) {
    const item: PendingMessage = { clientId: crypto.randomUUID(), ...message, failed: false };
    setPending((current) => [...current, item]);
    deliver(item);
  }

  function retry(item: PendingMessage) {
    const again = { ...item, failed: false };
    setPending((current) => current.map((p) => (p.clientId === item.clientId ? again : p)));
    deliver(again);
  }

  return { pending, send, retry };
}
