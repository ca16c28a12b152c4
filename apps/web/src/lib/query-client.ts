import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
  });
}

/** Query keys shared across features, so a mutation in one can refresh another. */
/** Mutations others wait on: the badges do not take the server's count while one is under way. */
export const mutationKeys = {
  reviewRequest: ["requests", "review"] as const,
};

export const queryKeys = {
  me: ["me"] as const,
  feed: ["feed"] as const,
  /** Today's picks on Discover: a decision anywhere and a new time zone change them. */
  picks: ["picks"] as const,
  requests: ["requests"] as const,
  connections: ["connections"] as const,
  publicProfile: (publicUserId: string) => ["public-profile", publicUserId] as const,
  /** The three badges (notifications, pending requests, unread messages); the socket keeps it live. */
  unread: ["notifications", "unread"] as const,
  /** The notification centre's pages, newest first. */
  notifications: ["notifications", "list"] as const,
  notificationSettings: ["notifications", "settings"] as const,
};
