import { CASE_STATES, REPORT_REASONS } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Inbox, RefreshCw, TriangleAlert } from "lucide-react";
import { useSearchParams } from "react-router";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { CASE_SOURCE_LABELS, REPORT_REASON_LABELS } from "@/config/copy.ts";
import { type CaseFilter, type CaseReasonFilter, useCases } from "../api/get-cases.ts";
import { CaseCard } from "../components/case-card.tsx";
import { ModerationFrame } from "../components/moderation-frame.tsx";

const REASON_FILTERS: { value: CaseReasonFilter; label: string }[] = [
  ...REPORT_REASONS.map((reason) => ({ value: reason, label: REPORT_REASON_LABELS[reason] })),
  { value: "filter", label: CASE_SOURCE_LABELS.filter },
  { value: "age_change", label: CASE_SOURCE_LABELS.age_change },
];

function filterFrom(params: URLSearchParams): CaseFilter {
  const state = params.get("state") === "closed" ? "closed" : "open";
  const reason = REASON_FILTERS.find((option) => option.value === params.get("reason"))?.value;
  return reason ? { state, reason } : { state };
}

/** /moderation: the cases, most urgent first as the server orders them, with filters. */
export function ModerationQueuePage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const cases = useCases(filter);
  const items = cases.data?.pages.flatMap((page) => page.cases) ?? [];

  function change(name: "state" | "reason", value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <ModerationFrame title={t`Moderation queue`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="fieldset py-0">
          <span className="fieldset-legend pb-1">
            <Trans>State</Trans>
          </span>
          <select
            className="select select-sm w-full sm:w-40"
            value={filter.state}
            onChange={(event) => change("state", event.target.value === "open" ? "" : "closed")}
          >
            {CASE_STATES.map((state) => (
              <option key={state} value={state}>
                {state === "open" ? "Open" : "Closed"}
              </option>
            ))}
          </select>
        </label>
        <label className="fieldset py-0">
          <span className="fieldset-legend pb-1">
            <Trans>Reason</Trans>
          </span>
          <select
            className="select select-sm w-full sm:w-64"
            value={filter.reason ?? ""}
            onChange={(event) => change("reason", event.target.value)}
          >
            <option value="">
              <Trans>All reasons</Trans>
            </option>
            {REASON_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {cases.isPending ? (
        <LoadingPanel />
      ) : cases.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <TriangleAlert aria-hidden="true" className="size-8 text-error" />
          <p className="font-semibold">
            <Trans>Couldn't load the cases.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void cases.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : items.length === 0 ? (
        <EmptyPanel
          icon={Inbox}
          title={filter.state === "open" ? t`No open cases` : t`No closed cases`}
        >
          <p className="text-base-content/70">
            {filter.reason
              ? t`Nothing matches this reason.`
              : t`Reports and filter matches show up here.`}
          </p>
        </EmptyPanel>
      ) : (
        <>
          <ul aria-label={t`Cases`} className="flex flex-col gap-3">
            {items.map((item) => (
              <CaseCard key={item._id} item={item} />
            ))}
          </ul>
          {cases.hasNextPage ? (
            <button
              type="button"
              className="btn btn-outline btn-sm self-center"
              disabled={cases.isFetchingNextPage}
              onClick={() => void cases.fetchNextPage()}
            >
              {cases.isFetchingNextPage ? (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              ) : null}
              <Trans>Load more cases</Trans>
            </button>
          ) : null}
        </>
      )}
    </ModerationFrame>
  );
}
