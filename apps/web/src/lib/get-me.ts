import type { Me } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiClient } from "./api-client.ts";
import { queryKeys } from "./query-client.ts";

/**
 * The signed-in user, or null for a visitor. A 401 is an answer ("signed out"), not a failure,
 * so screens read one value; other failures stay errors.
 */
export async function getMe(): Promise<Me | null> {
  try {
    return await apiClient.get<Me>("/profile/view");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    retry: false,
    // Login, signup, profile save and logout write this cache themselves.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `data`: Me when signed in, null when signed out, undefined while the first check runs. */
export function useMe() {
  return useQuery(meQueryOptions());
}
