import type { ChatPage } from "@kindred/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getMessages } from "../api/get-messages.ts";
import { mergeMessages } from "./apply-chat-event.ts";
import { chatKeys } from "./chat-keys.ts";

/** 'Load older messages': the page before the oldest loaded one, merged in front. */
export function useOlderMessages(otherId: string, nextBefore: string | null | undefined) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);

  async function loadOlder() {
    if (!nextBefore) return;
    setLoading(true);
    try {
      const older = await getMessages(otherId, nextBefore);
      queryClient.setQueryData<ChatPage>(chatKeys.messages(otherId), (page) =>
        page
          ? {
              messages: mergeMessages({ ...page, messages: older.messages }, page.messages)
                .messages,
              nextBefore: older.nextBefore,
            }
          : page,
      );
    } finally {
      setLoading(false);
    }
  }

  return { loading, loadOlder };
}
