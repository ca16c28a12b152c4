import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";

type EventPagerProps = { current: number; pageCount: number; onPage: (page: number) => void };

/** Previous, 'Page n of m' and Next under the events; nothing when they fit on one page. */
export function EventPager({ current, pageCount, onPage }: EventPagerProps) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t`Event pages`} className="mt-4 flex items-center justify-center gap-3">
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => onPage(current - 1)}
        disabled={current <= 1}
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        <Trans>Previous</Trans>
      </button>
      <span className="text-sm tabular-nums" aria-live="polite">
        <Trans>
          Page {current} of {pageCount}
        </Trans>
      </span>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => onPage(current + 1)}
        disabled={current >= pageCount}
      >
        <Trans>Next</Trans>
        <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
