import type { CommunityAuthBody, CommunityAuthResponse } from "@kindred/shared";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { storeToken } from "../lib/community-token.ts";
import { COMMUNITY_PATH } from "./community-request.ts";

/**
 * The community token: for a username (or an account's email) and password, or with no
 * credentials for the signed-in account, from its session cookie.
 */
export function joinCommunity(credentials?: CommunityAuthBody): Promise<CommunityAuthResponse> {
  return apiClient.post<CommunityAuthResponse>(`${COMMUNITY_PATH}/fusionauth`, credentials ?? {});
}

export function useJoinCommunity() {
  return useMutation({
    mutationFn: joinCommunity,
    onSuccess: (answer) => storeToken(answer.token),
  });
}
