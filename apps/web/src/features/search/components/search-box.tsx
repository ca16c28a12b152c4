import { SEARCH_TYPES } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { cn } from "@/lib/cn.ts";
import { useSettledValue } from "@/lib/use-settled-value.ts";
import { isSearchable, useSearchOverview } from "../api/search.ts";
import { HitBody, hitsOf, KIND_LABELS, NOTHING_FOUND } from "./search-hits.tsx";
import { SearchPageButton } from "./search-stand-in.tsx";

/** Typing pauses this long before the search asks the server. */
const SETTLE_MS = 250;

export function searchPagePath(q: string): string {
  return `/search?q=${encodeURIComponent(q)}`;
}

/**
 * The top bar's search: a combobox whose list groups the first people, posts, groups and events
 * found. Arrow keys move through them, Enter opens one (or, with none chosen, every result on the
 * search page), Escape closes the list.
 */
export function SearchBox({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useSettledValue(text.trim(), SETTLE_MS);
  const overview = useSearchOverview(q);
  const listId = useId();
  const searchable = isSearchable(q);
  const hits = overview.data && searchable ? hitsOf(overview.data.data, i18n) : undefined;
  const flat = hits ? SEARCH_TYPES.flatMap((type) => hits[type]) : [];
  const showList = open && searchable;

  function go(to: string) {
    setOpen(false);
    setActive(-1);
    setText("");
    navigate(to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (flat.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + flat.length) % flat.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = flat[active];
      if (chosen) go(chosen.to);
      else if (isSearchable(text.trim())) go(searchPagePath(text.trim()));
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  let index = -1;
  return (
    <div className={cn("relative", className)}>
      <label className="input input-sm w-56 xl:w-72">
        <Search aria-hidden="true" className="size-4 opacity-60" />
        <input
          type="search"
          role="combobox"
          aria-label={t`Search Kindred`}
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={t`Search people, posts, groups…`}
          maxLength={100}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </label>
      {showList ? (
        <div
          id={listId}
          role="listbox"
          aria-label={t`Search results`}
          className="absolute top-full end-0 z-50 mt-2 max-h-[70vh] w-[26rem] overflow-y-auto rounded-box border border-base-300 bg-base-100 p-2 text-base-content shadow-xl"
        >
          {!hits ? (
            <p role="status" className="px-3 py-2 text-sm text-base-content/70">
              <Trans>Searching...</Trans>
            </p>
          ) : flat.length === 0 ? (
            <p role="status" className="px-3 py-2 text-sm text-base-content/70">
              {i18n._(NOTHING_FOUND)}
            </p>
          ) : (
            SEARCH_TYPES.map((type) =>
              hits[type].length > 0 ? (
                // A listbox groups its options with role="group" (a fieldset is for form fields).
                // biome-ignore lint/a11y/useSemanticElements: options are grouped the ARIA way
                <div
                  key={type}
                  role="group"
                  aria-label={i18n._(KIND_LABELS[type])}
                  className="py-1"
                >
                  <p
                    aria-hidden="true"
                    className="px-3 py-1 text-xs font-semibold text-base-content/60"
                  >
                    {i18n._(KIND_LABELS[type])}
                  </p>
                  {hits[type].map((hit) => {
                    index += 1;
                    const mine = index;
                    return (
                      <div
                        key={hit.key}
                        id={`${listId}-${mine}`}
                        role="option"
                        aria-selected={mine === active}
                        tabIndex={-1}
                        className={cn(
                          "flex cursor-pointer items-center gap-3 rounded-field px-3 py-2",
                          mine === active ? "bg-base-200 ring-2 ring-primary" : "hover:bg-base-200",
                        )}
                        // Before the input's blur closes the list.
                        onMouseDown={(event) => {
                          event.preventDefault();
                          go(hit.to);
                        }}
                        onMouseEnter={() => setActive(mine)}
                      >
                        <HitBody hit={hit} />
                      </div>
                    );
                  })}
                </div>
              ) : null,
            )
          )}
          {searchable ? (
            <button
              type="button"
              tabIndex={-1}
              className="btn btn-ghost btn-sm mt-1 w-full"
              onMouseDown={(event) => {
                event.preventDefault();
                go(searchPagePath(q));
              }}
            >
              <Trans>See all results for “{q}”</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The top bar's way to search: the box on wide screens, a button to the search page on others. */
export function SearchEntry() {
  return (
    <>
      <SearchBox className="hidden lg:block" />
      <SearchPageButton />
    </>
  );
}
