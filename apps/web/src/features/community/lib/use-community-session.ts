import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { communityKeys } from "../api/community-request.ts";
import { dropToken, type TokenState, tokenState, useStoredToken } from "./community-token.ts";

/** The stored community token as a state, and a way to leave (drop it and its cached lists). */
export function useCommunitySession(): { state: TokenState; leave: () => void } {
  const token = useStoredToken();
  const queryClient = useQueryClient();
  const state = useMemo(() => tokenState(token), [token]);
  const leave = useCallback(() => {
    dropToken();
    queryClient.removeQueries({ queryKey: communityKeys.all });
  }, [queryClient]);
  return { state, leave };
}
