import { SEARCH_TYPES, type SearchType } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Search, SearchX } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { useSettledValue } from "@/lib/use-settled-value.ts";
import { isSearchable, useSearchKind, useSearchOverview } from "../api/search.ts";
import {
  HitBody,
  hitsOf,
  KIND_LABELS,
  NOTHING_FOUND,
  type SearchHit,
  SHOW_MORE_LABELS,
} from "../components/search-hits.tsx";

function HitList({ hits }: { hits: SearchHit[] }) {
  return (
    <ul className="flex flex-col">
      {hits.map((hit) => (
        <li key={hit.key}>
          <Link
            to={hit.to}
            className="flex items-center gap-3 rounded-field px-3 py-2 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <HitBody hit={hit} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Every page of one kind, once the reader asked for more of it. */
function MoreOfKind({ q, type }: { q: string; type: SearchType }) {
  const { i18n } = useLingui();
  const pages = useSearchKind(q, type, true);
  if (pages.isPending) {
    return (
      <p className="px-3 py-2 text-sm text-base-content/70">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (pages.isError) {
    return (
      <p role="alert" className="px-3 py-2 text-sm text-error">
        <Trans>Could not load more.</Trans>{" "}
        <button type="button" className="link" onClick={() => void pages.refetch()}>
          <Trans>Retry</Trans>
        </button>
      </p>
    );
  }
  const hits = pages.data.pages.flatMap((page) => hitsOf(page.data, i18n)[type]);
  return (
    <>
      <HitList hits={hits} />
      {pages.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm mt-1 self-start"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {i18n._(SHOW_MORE_LABELS[type])}
        </button>
      ) : null}
    </>
  );
}

/** /search?q=: everything the signed-in person may see that matches, grouped by kind. */
export function SearchPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get("q") ?? "");
  const q = useSettledValue(text.trim(), 250);
  const overview = useSearchOverview(q);
  const [expanded, setExpanded] = useState<SearchType[]>([]);
  const searchable = isSearchable(q);
  const hits = overview.data && searchable ? hitsOf(overview.data.data, i18n) : undefined;
  const found = hits ? SEARCH_TYPES.some((type) => hits[type].length > 0) : false;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="mb-4 text-3xl font-bold">
        <Trans>Search</Trans>
      </h1>
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setParams({ q: text.trim() }, { replace: true });
          }}
        >
          <label className="input input-lg w-full">
            <Search aria-hidden="true" className="size-5 opacity-60" />
            <input
              type="search"
              aria-label={t`Search Kindred`}
              placeholder={t`People, skills, posts, groups, events`}
              maxLength={100}
              value={text}
              // biome-ignore lint/a11y/noAutofocus: the page is for typing a search
              autoFocus
              onChange={(event) => {
                setText(event.target.value);
                setExpanded([]);
                setParams(event.target.value.trim() ? { q: event.target.value.trim() } : {}, {
                  replace: true,
                });
              }}
            />
          </label>
        </form>
      </search>
      <div className="mt-6">
        {!searchable ? (
          <p className="text-base-content/70">
            <Trans>Type at least two letters: a name, a skill, a topic. Typos are fine.</Trans>
          </p>
        ) : overview.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            <Trans>Could not search.</Trans>
            <button type="button" className="btn btn-sm" onClick={() => void overview.refetch()}>
              <Trans>Try Again</Trans>
            </button>
          </div>
        ) : !hits ? (
          <LoadingPanel />
        ) : !found ? (
          <EmptyPanel icon={SearchX} title={t`No results`}>
            <p className="text-base-content/70">{i18n._(NOTHING_FOUND)}</p>
          </EmptyPanel>
        ) : (
          <div className="flex flex-col gap-4">
            {SEARCH_TYPES.map((type) =>
              hits[type].length > 0 ? (
                <section
                  key={type}
                  aria-label={i18n._(KIND_LABELS[type])}
                  className="card flex flex-col border border-base-300 bg-base-100 p-3"
                >
                  <h2 className="px-3 pb-1 text-sm font-semibold text-base-content/70">
                    {i18n._(KIND_LABELS[type])}
                  </h2>
                  {expanded.includes(type) ? (
                    <MoreOfKind q={q} type={type} />
                  ) : (
                    <>
                      <HitList hits={hits[type]} />
                      {overview.data?.nextCursor[type] ? (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm mt-1 self-start"
                          onClick={() => setExpanded((kinds) => [...kinds, type])}
                        >
                          {i18n._(SHOW_MORE_LABELS[type])}
                        </button>
                      ) : null}
                    </>
                  )}
                </section>
              ) : null,
            )}
          </div>
        )}
      </div>
    </div>
  );
}
