import { apiClient } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH } from "./community-request.ts";

/**
 * Leaving the community: the server ends this token and every other community token of the
 * member, so a copy of it left anywhere stops working too.
 */
export async function leaveCommunity(token: string): Promise<void> {
  await apiClient.post(`${COMMUNITY_PATH}/logout`, {}, { headers: bearer(token) });
}
