import { CHAT_TYPING_EXPIRES_MS, CHAT_TYPING_INTERVAL_MS } from "@kindred/shared";
import { useSyncExternalStore } from "react";

// What the chat socket shares with the screens without loading them or it: who is typing to
// this tab, and the way to say that this person is typing (a frame on the socket, when open).

const typingUntil = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** The other person is typing: shown for CHAT_TYPING_EXPIRES_MS unless it comes again. */
export function noteTyping(userId: string) {
  typingUntil.set(userId, Date.now() + CHAT_TYPING_EXPIRES_MS);
  clearTimeout(timers.get(userId));
  timers.set(
    userId,
    setTimeout(() => clearTyping(userId), CHAT_TYPING_EXPIRES_MS),
  );
  changed();
}

/** They stopped (their message arrived, or the time is up). */
export function clearTyping(userId: string) {
  clearTimeout(timers.get(userId));
  timers.delete(userId);
  if (typingUntil.delete(userId)) changed();
}

export function useTyping(userId: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => typingUntil.has(userId),
  );
}

let sendFrame: ((frame: string) => void) | undefined;
const lastTypingSent = new Map<string, number>();
/** Typing while no socket was open (still connecting): told once one opens, if still recent. */
let typedWhileClosed: { to: string; at: number } | undefined;

/** The open socket's send (undefined: none open). Set by the chat socket. */
export function setFrameSender(send: ((frame: string) => void) | undefined) {
  sendFrame = send;
  const typed = typedWhileClosed;
  if (!send || !typed) return;
  typedWhileClosed = undefined;
  if (Date.now() - typed.at < CHAT_TYPING_EXPIRES_MS) sendTyping(typed.to);
}

/** Tells `to` that this person is typing, at most every CHAT_TYPING_INTERVAL_MS. */
export function sendTyping(to: string) {
  const now = Date.now();
  if (now - (lastTypingSent.get(to) ?? 0) < CHAT_TYPING_INTERVAL_MS) return;
  if (!sendFrame) {
    typedWhileClosed = { to, at: now };
    return;
  }
  lastTypingSent.set(to, now);
  sendFrame(JSON.stringify({ type: "typing", to }));
}

/** A message was sent: the next keystroke may say "typing" again at once. */
export function typingDone(to: string) {
  lastTypingSent.delete(to);
  if (typedWhileClosed?.to === to) typedWhileClosed = undefined;
}
