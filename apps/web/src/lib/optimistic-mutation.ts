import { t } from "@lingui/core/macro";
import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { showToast } from "@/components/ui/toast.tsx";
import { ApiError, isSuspended, isUnauthenticated } from "./api-client.ts";
import { queryKeys } from "./query-client.ts";

/** Puts an optimistic change back. */
export type Rollback = () => void;

/**
 * A failure toast with Retry stays this long (and while pointed at or focused): the spec's 3 s
 * toasts are too short to reach a button in.
 */
export const RETRY_TOAST_MS = 10_000;

/** Why a call failed, as the second sentence of a toast, and whether asking again can help. */
export function failureReason(error: unknown): { text: string; retryable: boolean } {
  if (!(error instanceof ApiError)) return { text: t`Something went wrong.`, retryable: true };
  if (error.status === 0) return { text: t`Check your connection.`, retryable: true };

  if (error.status === 429) return { text: error.message, retryable: true };
  if (error.status === 408 || error.status >= 500) {
    return { text: t`Kindred is not answering right now. Try again in a moment.`, retryable: true };
  }
  // Any other 4xx will not change by asking again: the server's sentence says what to do.
  return { text: error.message, retryable: false };
}

export type OptimisticMutationOptions<TVariables, TData> = {
  /** Names the mutation, so others can tell it is under way (`queryClient.isMutating`). */
  mutationKey?: readonly unknown[];
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Changes the screen at once; returns what puts it back (nothing when there is nothing to undo). */
  apply: (variables: TVariables) => Rollback | undefined | Promise<Rollback | undefined>;
  /** The toast's first sentence when the call fails: "Couldn't accept Ana Lee's request." */
  failure: (variables: TVariables) => string;
  /** The whole toast for an error that needs its own words (no Retry); undefined for the usual. */
  explain?: (error: unknown, variables: TVariables) => string | undefined;
  /** The session (or community token) has ended. By default the session is asked for again, so a
   * signed-in screen moves to /login. */
  onUnauthorized?: (variables: TVariables) => void;
  /** What Retry does; by default the same call again, applied again. */
  retry?: (variables: TVariables) => void;
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** After a failure was put back on screen. */
  onRolledBack?: (variables: TVariables, error: unknown) => void;
  onSettled?: (variables: TVariables) => void;
};

/**
 * A mutation whose result shows before the server answers. When the call fails, the change is
 * put back and a toast says so, with Retry when asking again can help; a 401 is the session's end
 * instead (`onUnauthorized`). Every optimistic action in the app goes through here.
 */
export function useOptimisticMutation<TVariables, TData = unknown>(
  options: OptimisticMutationOptions<TVariables, TData>,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation<TData, unknown, TVariables, Rollback | undefined>({
    mutationKey: options.mutationKey,
    mutationFn: options.mutationFn,
    onMutate: (variables) => options.apply(variables),
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onError: (error, variables, rollback) => {
      rollback?.();
      if (isUnauthenticated(error)) {
        if (options.onUnauthorized) options.onUnauthorized(variables);
        else void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        return;
      }
      // The app already said why (onSuspendedWrite): a second toast would only repeat it.
      if (isSuspended(error)) {
        options.onRolledBack?.(variables, error);
        return;
      }
      const explained = options.explain?.(error, variables);
      const reason = failureReason(error);
      const retry = options.retry ?? mutation.mutate;
      showToast(explained ?? `${options.failure(variables)} ${reason.text}`, {
        variant: "error",
        durationMs: RETRY_TOAST_MS,
        action:
          explained === undefined && reason.retryable
            ? { label: "Retry", onClick: () => retry(variables) }
            : undefined,
      });
      options.onRolledBack?.(variables, error);
    },
    onSettled: (_data, _error, variables) => options.onSettled?.(variables),
  });
  return mutation;
}

type Paged = { pages: Record<string, unknown>[] };

function isPaged(data: unknown): data is Paged {
  return typeof data === "object" && data !== null && Array.isArray((data as Paged).pages);
}

/** Every list in a cached value: the value itself, or one per page of an infinite query. */
function listsOf<T>(data: unknown, pageField: string | undefined): T[][] {
  if (Array.isArray(data)) return [data as T[]];
  if (pageField && isPaged(data)) return data.pages.map((page) => (page[pageField] ?? []) as T[]);
  return [];
}

function withLists<T>(data: unknown, pageField: string | undefined, lists: T[][]): unknown {
  if (Array.isArray(data)) return lists[0];
  if (pageField && isPaged(data)) {
    return { ...data, pages: data.pages.map((page, i) => ({ ...page, [pageField]: lists[i] })) };
  }
  return data;
}

/** Which list and which item: `id` is compared with `idOf` of each item. */
export type ListItem<T> = {
  queryKey: QueryKey;
  idOf: (item: T) => unknown;
  id: unknown;
  /** For an infinite query: the field of each page that holds its part of the list. */
  pageField?: string;
};

/**
 * Takes an item out of a cached list (a plain array, or the pages of an infinite query) and
 * returns how to put it back where it was: after the item that preceded it (or before the one that
 * followed it), so two removals undone in either order restore the original order. Fetches of that
 * list in flight are cancelled first, so their answer cannot bring the item back meanwhile.
 */
export async function takeOutOfList<T>(
  queryClient: QueryClient,
  { queryKey, idOf, id, pageField }: ListItem<T>,
): Promise<Rollback> {
  await queryClient.cancelQueries({ queryKey });
  let taken: { item: T; page: number; index: number; before: unknown; after: unknown } | undefined;
  queryClient.setQueryData(queryKey, (data: unknown) => {
    const lists = listsOf<T>(data, pageField);
    lists.forEach((list, page) => {
      const index = list.findIndex((item) => idOf(item) === id);
      if (index === -1 || taken) return;
      const neighbour = (at: number) => (list[at] === undefined ? undefined : idOf(list[at]));
      taken = {
        item: list[index] as T,
        page,
        index,
        before: neighbour(index - 1),
        after: neighbour(index + 1),
      };
    });
    if (!taken) return data;
    return withLists(
      data,
      pageField,
      lists.map((list) => list.filter((item) => idOf(item) !== id)),
    );
  });
  return () => {
    const back = taken;
    if (!back) return;
    queryClient.setQueryData(queryKey, (data: unknown) => {
      const lists = listsOf<T>(data, pageField).map((list) => [...list]);
      // Already back (a refetch brought it), or the list is gone: nothing to do.
      if (lists.length === 0 || lists.some((list) => list.some((item) => idOf(item) === id))) {
        return data;
      }
      const place = (neighbour: unknown, offset: number) => {
        if (neighbour === undefined) return false;
        for (const list of lists) {
          const at = list.findIndex((item) => idOf(item) === neighbour);
          if (at !== -1) {
            list.splice(at + offset, 0, back.item);
            return true;
          }
        }
        return false;
      };
      if (!place(back.before, 1) && !place(back.after, 0)) {
        const list = lists[Math.min(back.page, lists.length - 1)] as T[];
        list.splice(
          back.before === undefined ? 0 : Math.min(back.index, list.length),
          0,
          back.item,
        );
      }
      return withLists(data, pageField, lists);
    });
  };
}
