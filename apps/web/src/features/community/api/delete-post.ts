import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";

export async function deletePost(token: string, postId: string): Promise<void> {
  await apiClient.delete(`${COMMUNITY_PATH}/post/${encodeURIComponent(postId)}`, {
    headers: bearer(token),
  });
}

export function useDeletePost(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => deletePost(token, postId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts(token) }),
  });
}
