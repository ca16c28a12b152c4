import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { afterScreenSettled } from "@/lib/after-screen-settled.ts";

const RETRY_MS = 5_000;

/**
 * One socket per tab while signed in. The socket's code (and zod, which checks its frames) loads
 * once the first screen has settled: no screen waits for it. Messages sent meanwhile come with the
 * resume that follows every connect. A failed load (offline, a new release)
 * is tried again until it works or the tab signs out.
 */
export function useChatSocket(meId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meId) return;
    let close: (() => void) | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      import("./chat-socket.ts").then(
        ({ openChatSocket }) => {
          if (!stopped) close = openChatSocket(queryClient, meId);
        },
        () => {
          if (!stopped) timer = setTimeout(start, RETRY_MS);
        },
      );
    };
    const cancelWait = afterScreenSettled(queryClient, start);
    return () => {
      stopped = true;
      cancelWait();
      clearTimeout(timer);
      close?.();
    };
  }, [meId, queryClient]);
}
