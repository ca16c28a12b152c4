import type { Envelope, PublicUser } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

export async function getPublicProfile(publicUserId: string): Promise<PublicUser> {
  const response = await apiClient.get<Envelope<PublicUser>>(
    `/get_public_profile/${encodeURIComponent(publicUserId)}`,
  );
  if (response.status !== 1) throw new Error(response.message);
  return response.data;
}

export const publicProfileQueryOptions = (publicUserId: string) =>
  queryOptions({
    queryKey: queryKeys.publicProfile(publicUserId),
    queryFn: () => getPublicProfile(publicUserId),
    retry: false,
  });

export function usePublicProfile(publicUserId: string) {
  return useQuery(publicProfileQueryOptions(publicUserId));
}
