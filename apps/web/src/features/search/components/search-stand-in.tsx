import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";

/**
 * The top bar's search until the search box's code is here: the same size and place (so nothing
 * moves when it comes), and a way to the search page meanwhile.
 */
export function SearchStandIn() {
  return (
    <>
      <Link to={paths.search} className="input input-sm hidden w-56 lg:flex xl:w-72">
        <Search aria-hidden="true" className="size-4 opacity-60" />
        <span className="truncate text-base-content/70">
          <Trans>Search people, posts, groups…</Trans>
        </span>
      </Link>
      <SearchPageButton />
    </>
  );
}

/** Below the wide screens' box: a button to the search page. */
export function SearchPageButton() {
  const { t } = useLingui();
  return (
    <Link
      to={paths.search}
      className="btn btn-ghost btn-circle btn-sm lg:hidden"
      aria-label={t`Search`}
      title={t`Search`}
    >
      <Search aria-hidden="true" className="size-5" />
    </Link>
  );
}
