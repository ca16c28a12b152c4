import type { ReportBody } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { chatKeys } from "../lib/chat-keys.ts";

export function blockUser(userId: string) {
  return apiClient.post(`/user/block/${encodeURIComponent(userId)}`, {});
}

export function removeConnection(userId: string) {
  return apiClient.delete(`/user/connections/${encodeURIComponent(userId)}`);
}

export function reportUser(userId: string, body: ReportBody) {
  return apiClient.post(`/user/report/${encodeURIComponent(userId)}`, body);
}

/** Block or remove: the person leaves the conversations, connections and feed. */
export function useEndConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: "block" | "remove" }) =>
      action === "block" ? blockUser(userId) : removeConnection(userId),
    onSuccess: (_data, { userId }) => {
      queryClient.setQueryData(chatKeys.conversations, (rows: { user: { _id: string } }[] = []) =>
        rows.filter((row) => row.user._id !== userId),
      );
      queryClient.removeQueries({ queryKey: chatKeys.messages(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
    },
  });
}

export function useReportUser() {
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: ReportBody }) =>
      reportUser(userId, body),
  });
}
