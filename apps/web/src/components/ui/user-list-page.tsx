import { Trans } from "@lingui/react/macro";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { EmptyPanel, LoadingPanel } from "./status-panel.tsx";

export type UserListPageProps<Item> = {
  title: string;
  subtitle: ReactNode;
  /** The list; undefined while it loads. A failed load reads as empty, as the product does. */
  items: readonly Item[] | undefined;
  isPending: boolean;
  emptyIcon: LucideIcon;
  emptyTitle: string;
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
};

/** A screen listing people (connections, requests): heading, loading, empty state and grid. */
export function UserListPage<Item>({
  title,
  subtitle,
  items,
  isPending,
  emptyIcon,
  emptyTitle,
  itemKey,
  renderItem,
}: UserListPageProps<Item>) {
  const list = items ?? [];
  let content: ReactNode;
  if (isPending) {
    content = <LoadingPanel />;
  } else if (list.length === 0) {
    content = (
      <EmptyPanel icon={emptyIcon} title={emptyTitle}>
        <Link to={paths.home} className="btn btn-primary btn-sm mt-2">
          <Trans>Discover people</Trans>
        </Link>
      </EmptyPanel>
    );
  } else {
    content = (
      <ul className="grid w-full grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
        {list.map((item) => (
          <li key={itemKey(item)} className="w-full sm:mx-auto sm:max-w-[400px]">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col items-center gap-5 px-3 py-5 sm:gap-8 sm:px-4 sm:py-10">
      <header className="text-center">
        <h1 className="text-2xl font-bold sm:text-4xl">{title}</h1>
        <p className="mt-1 text-sm text-base-content/70 sm:mt-2 sm:text-base">{subtitle}</p>
      </header>
      {content}
    </section>
  );
}
