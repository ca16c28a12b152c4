import { msg } from "@lingui/core/macro";
import { useQueryClient } from "@tanstack/react-query";
import { showToast } from "@/components/ui/toast.tsx";
import { useLingui } from "@/i18n/runtime.tsx";
import { ApiError, apiClient } from "@/lib/api-client.ts";
import { takeOutOfList, useOptimisticMutation } from "@/lib/optimistic-mutation.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { CHAT_COPY } from "../lib/chat-copy.ts";
import { chatKeys } from "../lib/chat-keys.ts";

export function blockUser(userId: string) {
  return apiClient.post(`/user/block/${encodeURIComponent(userId)}`, {});
}

export function removeConnection(userId: string) {
  return apiClient.delete(`/user/connections/${encodeURIComponent(userId)}`);
}

/** "delete" ends a conversation kept after the other person deleted their account. */
export type EndConversation = {
  userId: string;
  name: string;
  action: "block" | "remove" | "delete";
};

/**
 * Block or remove: the person leaves the conversations and connections at once (and the feed
 * once the server agrees). When the call fails they come back and a toast offers Retry.
 */
export function useEndConversation() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: async ({ userId, action }: EndConversation) => {
      try {
        await (action === "block" ? blockUser(userId) : removeConnection(userId));
      } catch (error) {
        // Not connected any more (or gone): what the person asked for holds already.
        if (error instanceof ApiError && error.status === 404) return;
        throw error;
      }
    },
    apply: async ({ userId }) => {
      const rollbacks = await Promise.all([
        takeOutOfList<{ user: { _id: string } }>(queryClient, {
          queryKey: chatKeys.conversations,
          idOf: (row) => row.user._id,
          id: userId,
        }),
        takeOutOfList<{ _id: string }>(queryClient, {
          queryKey: queryKeys.connections,
          idOf: (user) => user._id,
          id: userId,
        }),
      ]);
      return () => {
        for (const rollback of rollbacks) rollback();
      };
    },
    failure: ({ action, name }) =>
      action === "block"
        ? _(msg`Couldn't block ${name}.`)
        : action === "delete"
          ? _(msg`Couldn't delete the conversation.`)
          : _(msg`Couldn't remove ${name} from your connections.`),
    onSuccess: (_data, { userId, action }) => {
      const done = {
        block: CHAT_COPY.blocked,
        remove: CHAT_COPY.removed,
        delete: CHAT_COPY.conversationDeleted,
      };
      showToast(_(done[action]), { variant: "success" });
      queryClient.removeQueries({ queryKey: chatKeys.messages(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
    },
  });
}

/**
 * After a report that also blocked the person (the server blocked them with the report): they
 * leave the conversations, the connections and the feed, as after Block.
 */
export function useForgetBlocked() {
  const queryClient = useQueryClient();
  return (userId: string) => {
    queryClient.setQueryData<{ user: { _id: string } }[]>(chatKeys.conversations, (rows) =>
      rows?.filter((row) => row.user._id !== userId),
    );
    queryClient.setQueryData<{ _id: string }[]>(queryKeys.connections, (rows) =>
      rows?.filter((user) => user._id !== userId),
    );
    queryClient.removeQueries({ queryKey: chatKeys.messages(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
    void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
  };
}
