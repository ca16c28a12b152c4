import type { Me } from "@kindred/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, isUnauthenticated } from "./api-client.ts";
import { apiUrl } from "./api-url.ts";
import { takeEarlyBody } from "./early-reads.ts";
import { queryKeys } from "./query-client.ts";
import { hasSessionHint, rememberSession } from "./session-hint.ts";

const ME_PATH = "/profile/view";

/**
 * The signed-in user, or null for a visitor. A 401 is an answer ("signed out"), not a failure,
 * so screens read one value; other failures stay errors.
 */
export async function getMe(): Promise<Me | null> {
  try {
    const me = await apiClient.get<Me>(ME_PATH);
    rememberSession(true);
    return me;
  } catch (error) {
    if (isUnauthenticated(error)) {
      rememberSession(false);
      return null;
    }
    throw error;
  }
}

/** The session the page read early (early-reads.ts), so a signed-in screen paints at once. */
function earlyMe(): Me | undefined {
  const me = takeEarlyBody<Me>(apiUrl(ME_PATH));
  if (me) rememberSession(true);
  return me;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    initialData: earlyMe,
    retry: false,
    // Login, signup, profile save and logout write this cache themselves.
    staleTime: Number.POSITIVE_INFINITY,
  });

export type MeState = {
  /** Me when signed in, null when signed out, undefined while the first check runs. */
  data: Me | null | undefined;
  isError: boolean;
  error: Error | null;
  refetch: () => void;
};

/**
 * The session. With `required` (signed-in screens) the server is always asked; elsewhere only
 * when this browser was signed in last time, so a visitor's page makes no call that fails.
 */
export function useMe({ required = false }: { required?: boolean } = {}): MeState {
  const enabled = required || hasSessionHint();
  const query = useQuery({ ...meQueryOptions(), enabled });
  const data = query.data !== undefined || enabled ? query.data : null;
  return {
    data,
    isError: query.isError,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
