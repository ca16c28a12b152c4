import type { I18n, MessageDescriptor } from "@lingui/core";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type LucideIcon, SlidersHorizontal, X } from "lucide-react";
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useId,
  useRef,
} from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import {
  FEED_FILTER_NAMES,
  type FeedFilterName,
  type FeedFilters,
} from "@/features/feed/lib/feed-filters.ts";
import { cn } from "@/lib/cn.ts";
import { FEED_COPY } from "../lib/feed-copy.ts";

/**
 * The filters' fields, with the form plumbing they bring: loaded when the panel first opens, not
 * with Discover (decision 124).
 */
const FeedFilterFields = lazy(async () => ({
  default: (await import("./feed-filter-fields.tsx")).FeedFilterFields,
}));

/** Each filter's words: its field, its chip and the button that clears it. */
export const FILTER_WORDS: Record<
  FeedFilterName,
  { field: MessageDescriptor; chip: MessageDescriptor; clear: MessageDescriptor }
> = {
  teaches: {
    field: FEED_COPY.teaches,
    chip: FEED_COPY.teachesChip,
    clear: FEED_COPY.clearTeaches,
  },
  learns: {
    field: FEED_COPY.learns,
    chip: FEED_COPY.learnsChip,
    clear: FEED_COPY.clearLearns,
  },
  campus: {
    field: FEED_COPY.campus,
    chip: FEED_COPY.campus,
    clear: FEED_COPY.clearCampus,
  },
};

/** A filter's chip: the skill after its words; "My campus" alone. */
const chipText = (i18n: I18n, filters: FeedFilters, name: FeedFilterName) =>
  name === "campus"
    ? i18n._(FILTER_WORDS.campus.chip)
    : `${i18n._(FILTER_WORDS[name].chip)}: ${filters[name]}`;

const setNames = (filters: FeedFilters) =>
  FEED_FILTER_NAMES.filter((name) => filters[name] !== undefined);

const without = (filters: FeedFilters, name: FeedFilterName): FeedFilters => ({
  ...filters,
  [name]: undefined,
});

type ToggleProps = {
  filters: FeedFilters;
  open: boolean;
  onToggle: () => void;
  panelId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
};

/** Opens and closes the filters; says how many are on. */
export function FeedFiltersToggle({ filters, open, onToggle, panelId, buttonRef }: ToggleProps) {
  const { t, i18n } = useLingui();
  const count = setNames(filters).length;
  return (
    <button
      ref={buttonRef}
      type="button"
      className={cn("btn btn-sm", count > 0 ? "btn-primary" : "btn-outline")}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onToggle}
    >
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {i18n._(FEED_COPY.toggle)}
      {count > 0 ? (
        <>
          <span className="sr-only">
            {t({ message: plural(count, { one: ", # on", other: ", # on" }) })}
          </span>
          <span aria-hidden="true" className="badge badge-xs">
            {i18n.number(count)}
          </span>
        </>
      ) : null}
    </button>
  );
}

type BarProps = {
  filters: FeedFilters;
  /** The viewer's verified university ("My campus" needs one); null when they have none. */
  university: string | null;
  onChange: (filters: FeedFilters) => void;
  open: boolean;
  onClose: () => void;
  panelId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The filters that are on, as chips that take one off, and, while open, the panel that sets them:
 * a skill each, with the skills field's suggestions, and "My campus" (off, with the way to get
 * it, for someone without a university).
 */
export function FeedFiltersBar({
  filters,
  university,
  onChange,
  open,
  onClose,
  panelId,
  buttonRef,
}: BarProps) {
  const { t, i18n } = useLingui();
  const names = setNames(filters);
  const panelRef = useRef<HTMLElement>(null);
  const campusHintId = useId();

  function close() {
    onClose();
    buttonRef.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    // A field that used Escape (to close its list) has said so.
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      close();
    }
  }

  return (
    <>
      {names.length > 0 ? (
        <ul aria-label={t`Filters on`} className="mt-2 flex flex-wrap justify-center gap-2">
          {names.map((name) => {
            const text = chipText(i18n, filters, name);
            return (
              <li key={name} className="min-w-0 max-w-full">
                <button
                  type="button"
                  aria-label={t`Remove “${text}”`}
                  title={t`Remove “${text}”`}
                  className="btn btn-primary btn-xs max-w-full"
                  onClick={() => {
                    onChange(without(filters, name));
                    // The chip goes: the keyboard goes back to the filters' button.
                    buttonRef.current?.focus();
                  }}
                >
                  <span dir="auto" className="min-w-0 truncate">
                    {text}
                  </span>
                  <X aria-hidden="true" className="size-3 shrink-0" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {open ? (
        <section
          ref={panelRef}
          id={panelId}
          aria-label={i18n._(FEED_COPY.panel)}
          className="mt-3 w-full rounded-box border border-base-300 bg-base-100 p-3 text-start shadow-sm"
          onKeyDown={handleKeyDown}
        >
          <Suspense fallback={<div className="h-20" aria-busy="true" />}>
            <FeedFilterFields filters={filters} onChange={onChange} />
          </Suspense>
          <div className="py-1">
            <label className="flex w-fit cursor-pointer items-center gap-3 text-sm font-semibold has-disabled:cursor-not-allowed">
              <input
                type="checkbox"
                className="toggle toggle-primary toggle-sm"
                checked={filters.campus === true}
                disabled={!university}
                aria-describedby={campusHintId}
                onChange={(event) =>
                  onChange({ ...filters, campus: event.target.checked ? true : undefined })
                }
              />
              {i18n._(FEED_COPY.campus)}
            </label>
            <p id={campusHintId} className="mt-1 text-xs text-base-content/70">
              {university ? (
                t`Only people from ${university}.`
              ) : (
                <Link to={paths.settings} className="link">
                  {i18n._(FEED_COPY.campusNeedsUniversity)}
                </Link>
              )}
            </p>
          </div>
          <div className="mt-2 flex justify-end gap-2">
            {names.length > 0 ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  onChange({});
                  panelRef.current?.querySelector("input")?.focus();
                }}
              >
                {i18n._(FEED_COPY.clearAll)}
              </button>
            ) : null}
            <button type="button" className="btn btn-primary btn-sm" onClick={close}>
              {i18n._(FEED_COPY.done)}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}

/**
 * Nobody left with these filters (or the server refused one): says which to loosen, with a
 * button that clears each.
 */
export function FilteredOutPanel({
  filters,
  onChange,
  icon: Icon,
  title,
  children,
  footer,
}: {
  filters: FeedFilters;
  onChange: (filters: FeedFilters) => void;
  icon: LucideIcon;
  title: string;
  /** What else to say or offer, under the title. */
  children?: ReactNode;
  /** Under the buttons (Undo). */
  footer?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <Icon aria-hidden="true" className="size-14 text-base-content/40" />
      <p className="max-w-md text-xl font-semibold break-words">{title}</p>
      {children}
      <nav aria-label={t`Loosen the filters`} className="flex flex-wrap justify-center gap-2">
        {setNames(filters).map((name) => (
          <button
            key={name}
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => onChange(without(filters, name))}
          >
            <X aria-hidden="true" className="size-4" />
            {i18n._(FILTER_WORDS[name].clear)}
          </button>
        ))}
      </nav>
      {footer}
    </div>
  );
}
