import { useCallback, useEffect, useEffectEvent } from "react";
import { useNavigate } from "react-router";
import { showToast } from "@/components/ui/toast.tsx";
import { COMMUNITY_MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { isUnauthenticated } from "@/lib/api-client.ts";

/** Runs `onExpired` when a community call answers 401 and returns true; false otherwise. */
export function expiredOn(error: unknown, onExpired: () => void): boolean {
  if (!isUnauthenticated(error)) return false;
  onExpired();
  return true;
}

/** Runs `onExpired` once a community list answers 401: the token is no longer accepted. */
export function useExpiryOf(listError: unknown, onExpired: () => void): void {
  const onListExpired = useEffectEvent(onExpired);
  useEffect(() => {
    if (isUnauthenticated(listError)) onListExpired();
  }, [listError]);
}

/**
 * What a screen behind RequireCommunityToken does when the token is refused: leave the
 * community, say so, and go to /community, where the member can log in again.
 */
export function useLeaveOnExpiry(leave: () => void): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    leave();
    showToast(COMMUNITY_MESSAGES.sessionExpired, { variant: "error" });
    navigate(paths.community, { replace: true });
  }, [leave, navigate]);
}
