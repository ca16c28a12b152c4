import type { MyReport } from "@kindred/shared";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Flag } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { REPORT_REASON_LABELS, REPORT_SUBJECT_LABELS } from "@/config/copy.ts";
import { cn } from "@/lib/cn.ts";
import { useMyReports } from "../api/get-my-reports.ts";
import { SettingsCard } from "./settings-card.tsx";

/** The outcome a reporter reads: never which action was taken. */
function stateOf(report: MyReport) {
  if (report.state === "open") return { text: msg`Open`, className: "badge-info" };
  return report.outcome === "action_taken"
    ? { text: msg`Reviewed: action taken`, className: "badge-success" }
    : { text: msg`Reviewed: no action`, className: "badge-neutral" };
}

function ReportRow({ report }: { report: MyReport }) {
  const { i18n } = useLingui();
  const state = stateOf(report);
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" });
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="break-words">
          <span className="text-base-content/70">
            {REPORT_SUBJECT_LABELS[report.subject.type]}:
          </span>{" "}
          <span className="font-medium" dir="auto">
            {report.subject.label}
          </span>
        </p>
        <p className="text-sm text-base-content/70">
          {REPORT_REASON_LABELS[report.reason]} ·{" "}
          <time dateTime={report.createdAt}>{dateFormat.format(new Date(report.createdAt))}</time>
        </p>
      </div>
      <span className={cn("badge badge-soft shrink-0", state.className)}>{i18n._(state.text)}</span>
    </li>
  );
}

/** Settings, "My reports": what I reported and whether a moderator has reviewed it. */
export function MyReportsSection() {
  const { t } = useLingui();
  const reports = useMyReports();
  let content: ReactNode;
  if (reports.isPending) {
    content = <LoadingPanel />;
  } else if (reports.isError) {
    content = (
      <ErrorPanel
        title={t`Couldn't load your reports.`}
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
      />
    );
  } else if (reports.data.length === 0) {
    content = (
      <div className="flex items-center gap-3 rounded-box bg-base-200 p-4">
        <Flag aria-hidden="true" className="size-6 shrink-0 text-base-content/60" />
        <p className="text-sm">
          <Trans>
            You haven't reported anything. Report is in the menu of a person, a message, a post, a
            group or an event.
          </Trans>
        </p>
      </div>
    );
  } else {
    content = (
      <ul aria-label={t`My reports`} className="divide-y divide-base-300">
        {reports.data.map((report) => (
          <ReportRow key={report._id} report={report} />
        ))}
      </ul>
    );
  }
  return (
    <SettingsCard
      title={t`My reports`}
      lead={t`What you reported, and whether a moderator has reviewed it. The person is never told who reported them.`}
    >
      {content}
    </SettingsCard>
  );
}
