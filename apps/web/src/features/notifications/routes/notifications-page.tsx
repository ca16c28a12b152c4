import type { Notification } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { BellOff, CheckCheck, RefreshCw, Settings, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { paths } from "@/config/paths.ts";
import { useMe } from "@/lib/get-me.ts";
import { useUnreadCounts } from "@/lib/unread-counts.ts";
import { useNotifications } from "../api/get-notifications.ts";
import { useMarkAllRead, useMarkNotificationRead } from "../api/mark-read.ts";
import { NotificationRow } from "../components/notification-row.tsx";
import { NOTIFICATION_COPY } from "../lib/copy.ts";

function LoadFailure({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
      <TriangleAlert aria-hidden="true" className="size-12 text-error" />
      <p className="text-lg font-semibold">{i18n._(NOTIFICATION_COPY.loadFailed)}</p>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={onRetry}
        disabled={retrying}
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/** The notification centre: newest first, a page at a time; opening one reads it. */
export function NotificationsPage() {
  const { t, i18n } = useLingui();
  const { data: me } = useMe();
  const notifications = useNotifications();
  const counts = useUnreadCounts(Boolean(me));
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllRead();
  const list = notifications.data?.pages.flatMap((page) => page.notifications) ?? [];
  const anyUnread = counts.notifications > 0 || list.some((n) => n.readAt === null);

  function open(notification: Notification) {
    if (notification.readAt === null) markOne.mutate(notification);
  }

  let content: ReactNode;
  if (notifications.isPending) {
    content = <LoadingPanel />;
  } else if (notifications.isError && list.length === 0) {
    content = (
      <LoadFailure
        onRetry={() => void notifications.refetch()}
        retrying={notifications.isFetching}
      />
    );
  } else if (list.length === 0) {
    content = (
      <EmptyPanel icon={BellOff} title={i18n._(NOTIFICATION_COPY.caughtUpTitle)}>
        <p className="max-w-sm text-base-content/70">{i18n._(NOTIFICATION_COPY.caughtUp)}</p>
      </EmptyPanel>
    );
  } else {
    content = (
      <>
        <ul
          aria-label={t`Notifications`}
          className="divide-y divide-base-300 overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm"
        >
          {list.map((notification) => (
            <NotificationRow key={notification._id} notification={notification} onOpen={open} />
          ))}
        </ul>
        {notifications.isFetchNextPageError ? (
          <p role="alert" className="text-center text-sm text-error">
            {i18n._(NOTIFICATION_COPY.loadFailed)}
          </p>
        ) : null}
        {notifications.hasNextPage ? (
          <button
            type="button"
            className="btn btn-outline btn-sm self-center"
            onClick={() => void notifications.fetchNextPage()}
            disabled={notifications.isFetchingNextPage}
          >
            {notifications.isFetchingNextPage ? (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            ) : null}
            {notifications.isFetchNextPageError ? t`Try again` : t`Load more`}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-3 py-5 sm:px-4 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Notifications</Trans>
        </h1>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => markAll.mutate(undefined)}
            disabled={!anyUnread}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            <Trans>Mark all as read</Trans>
          </button>
          <Link
            to={paths.settings}
            className="btn btn-ghost btn-sm btn-square"
            aria-label={t`Notification settings`}
            title={t`Notification settings`}
          >
            <Settings aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </header>
      {content}
    </section>
  );
}
