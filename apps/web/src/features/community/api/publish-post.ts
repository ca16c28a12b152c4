import type { Envelope, Post, PostBody } from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH, communityKeys } from "./community-request.ts";

export async function publishPost(token: string, body: PostBody): Promise<Post> {
  const answer = await apiClient.post<Envelope<Post>>(`${COMMUNITY_PATH}/fusionpublish`, body, {
    headers: bearer(token),
  });
  return answer.data;
}

export function usePublishPost(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody) => publishPost(token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.posts(token) }),
  });
}
