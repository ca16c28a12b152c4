import { useSyncExternalStore } from "react";

/** A message on its way, or one that failed and waits for Retry. */
export type PendingMessage = {
  clientId: string;
  text: string;
  failed: boolean;
  /** The message it answers. */
  replyTo?: string;
  /** Uploaded photos' ids, sent with it. */
  photos?: string[];
};

// Kept outside the screen (and in this tab's session storage), so leaving a conversation, opening
// another or reloading loses neither an unsent message nor a half-typed one.
const STORAGE_KEY = "kindred.chat-outbox";
type Saved = {
  owner?: string;
  pending: Record<string, PendingMessage[]>;
  drafts: Record<string, string>;
};

function load(): Saved {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "") as Saved;
    // After a reload nothing is in flight any more: what was sending is offered for retry.
    for (const list of Object.values(saved.pending)) {
      for (const item of list) item.failed = true;
    }
    return saved;
  } catch {
    return { pending: {}, drafts: {} };
  }
}

let state: Saved = load();
const listeners = new Set<() => void>();
const EMPTY: PendingMessage[] = [];

function commit(next: Saved) {
  state = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or off: the memory copy still holds them for this tab.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updatePending(
  userId: string,
  change: (current: PendingMessage[]) => PendingMessage[],
) {
  const next = change(state.pending[userId] ?? EMPTY);
  const pending = { ...state.pending };
  if (next.length > 0) pending[userId] = next;
  else delete pending[userId];
  commit({ ...state, pending });
}

export function saveDraft(userId: string, text: string) {
  const drafts = { ...state.drafts };
  if (text) drafts[userId] = text;
  else delete drafts[userId];
  commit({ ...state, drafts });
}

export function usePending(userId: string): PendingMessage[] {
  return useSyncExternalStore(subscribe, () => state.pending[userId] ?? EMPTY);
}

export function useDraft(userId: string): string {
  return useSyncExternalStore(subscribe, () => state.drafts[userId] ?? "");
}

/** Someone else signing in on this tab does not inherit the last person's drafts and unsent messages. */
export function claimOutbox(userId: string) {
  if (state.owner === userId) return;
  commit({ owner: userId, pending: {}, drafts: {} });
}
