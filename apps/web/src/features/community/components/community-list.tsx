import { Trans } from "@lingui/react/macro";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";

/** What the panel reads from a community list's infinite query. */
type ListQuery = {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

type CommunityListProps = {
  query: ListQuery;
  /** The list has no item (once loaded). */
  empty: boolean;
  /** The alert's text when the list does not load, e.g. "Could not load the posts." */
  failure: string;
  emptyIcon: LucideIcon;
  emptyTitle: string;
  /** The label of the button that loads the next page; without it, no such button. */
  moreLabel?: string;
  children: ReactNode;
};

/** A community list's states: loading, failed with Try Again, empty, or the items and more. */
export function CommunityList({
  query,
  empty,
  failure,
  emptyIcon,
  emptyTitle,
  moreLabel,
  children,
}: CommunityListProps) {
  if (query.isPending) return <LoadingPanel />;
  if (query.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
        <span>{failure}</span>
        <button type="button" className="btn btn-sm" onClick={() => query.refetch()}>
          <Trans>Try Again</Trans>
        </button>
      </div>
    );
  }
  if (empty) return <EmptyPanel icon={emptyIcon} title={emptyTitle} />;
  return (
    <>
      {children}
      {moreLabel && query.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? <Trans>Loading...</Trans> : moreLabel}
          </button>
        </div>
      ) : null}
    </>
  );
}
