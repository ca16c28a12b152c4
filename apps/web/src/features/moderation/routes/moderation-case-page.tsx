import type { ModerationCaseDetail } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { ArrowLeft, Filter, RefreshCw, SearchX, StickyNote, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Avatar } from "@/components/ui/avatar.tsx";
import { LoadingPanel } from "@/components/ui/status-panel.tsx";
import { MODERATION_MESSAGES, REPORT_REASON_LABELS } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { useMe } from "@/lib/get-me.ts";
import { useCase } from "../api/get-case.ts";
import { ActionHistory } from "../components/action-history.tsx";
import { CaseActionForm } from "../components/case-action-form.tsx";
import { CaseBadges } from "../components/case-card.tsx";
import { ModerationFrame } from "../components/moderation-frame.tsx";
import { RoleControl } from "../components/role-control.tsx";
import { SnapshotView } from "../components/snapshot-view.tsx";
import {
  caseName,
  caseSource,
  formatDateTime,
  ROLE_LABELS,
  subjectTypeLabel,
} from "../lib/labels.ts";

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-5">
        <h2 className="card-title text-base">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function Reports({ item }: { item: ModerationCaseDetail }) {
  if (item.reports.length === 0) {
    return (
      <p className="text-sm text-base-content/70">
        <Trans>No one reported this: {caseSource(item)?.toLowerCase()} opened the case.</Trans>
      </p>
    );
  }
  return (
    <ol aria-label={t`Reports`} className="flex flex-col gap-3">
      {item.reports.map((report) => {
        const name = report.reporter
          ? [report.reporter.firstName, report.reporter.lastName].filter(Boolean).join(" ")
          : MODERATION_MESSAGES.deletedAccount;
        return (
          <li key={report._id} className="flex gap-3">
            {report.reporter ? (
              <Avatar
                src={report.reporter.photoUrl}
                photo={report.reporter.photo}
                name={name}
                userId={report.reporter._id}
                size="sm"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-base-300 text-xs"
              >
                ?
              </span>
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap items-center gap-x-2">
                <span className={report.reporter ? "font-semibold break-words" : "italic"}>
                  {name}
                </span>
                <span className="badge badge-outline badge-sm">
                  {REPORT_REASON_LABELS[report.reason]}
                </span>
              </p>
              <p className="text-xs text-base-content/60">
                <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
              </p>
              {report.details ? (
                <p className="mt-1 break-words whitespace-pre-wrap">{report.details}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function CaseView({ item }: { item: ModerationCaseDetail }) {
  const { data: me } = useMe();
  const name = caseName(item);
  const person = item.person;
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <Link to={paths.moderation} className="btn btn-ghost btn-sm -ml-2 self-start">
          <ArrowLeft aria-hidden="true" className="size-4" />
          <Trans>Back to the queue</Trans>
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-ghost">{subjectTypeLabel(item.subject.type)}</span>
          <h2 className="min-w-0 text-xl font-bold break-words sm:text-2xl">{name}</h2>
          <CaseBadges item={item} />
        </div>
        <p className="text-sm text-base-content/70">
          <Trans>
            Opened <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </Trans>
          {item.closedAt ? (
            <>
              {" "}
              <Trans>
                · closed <time dateTime={item.closedAt}>{formatDateTime(item.closedAt)}</time>
              </Trans>
            </>
          ) : null}
        </p>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <SnapshotView snapshot={item.snapshot} personName={name} caseId={item._id} />
          <Panel title={t`Reports (${item.reports.length})`}>
            <Reports item={item} />
          </Panel>
          {item.filter ? (
            <Panel title={t`What the filter saw`}>
              <div className="flex flex-col gap-2 text-sm">
                <p className="flex flex-wrap items-center gap-1.5">
                  <Filter aria-hidden="true" className="size-4 text-warning" />
                  {item.filter.rules.map((rule) => (
                    <span key={rule} className="badge badge-warning badge-soft badge-sm">
                      {rule}
                    </span>
                  ))}
                </p>
                {item.filter.matches.length > 0 ? (
                  <p className="break-words">
                    <Trans>Matched:</Trans>{" "}
                    {[...new Set(item.filter.matches)].map((match, index) => (
                      <span key={match}>
                        {index > 0 ? ", " : null}
                        <mark className="rounded bg-warning/30 px-1 text-base-content">
                          {match}
                        </mark>
                      </span>
                    ))}
                  </p>
                ) : null}
              </div>
            </Panel>
          ) : null}
          {item.notes.length > 0 ? (
            <Panel title={t`Notes`}>
              <ul className="flex flex-col gap-1 text-sm">
                {item.notes.map((note) => (
                  <li key={note} className="flex gap-2">
                    <StickyNote
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-base-content/60"
                    />
                    <span className="break-words">{note}</span>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
        </div>
        <aside className="flex min-w-0 flex-col gap-5">
          <Panel title={t`The person now`}>
            {person ? (
              <div className="flex flex-col gap-3">
                <div className="flex items-center gap-3">
                  <Avatar
                    src={person.photoUrl}
                    photo={person.photo}
                    name={name}
                    userId={person._id}
                    size="md"
                  />
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{name}</p>
                    <p className="text-sm text-base-content/70">
                      {ROLE_LABELS[person.role]}
                      {person.age ? ` · ${person.age}` : null}
                    </p>
                  </div>
                </div>
                {me?.role === "admin" && person._id !== me._id ? (
                  <RoleControl userId={person._id} name={name} role={person.role} />
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-base-content/70">
                <Trans>{MODERATION_MESSAGES.deletedAccount}: the snapshot is what remains.</Trans>
              </p>
            )}
          </Panel>
          {item.state === "open" ? (
            <Panel title={t`Decide`}>
              <CaseActionForm item={item} personName={name} />
            </Panel>
          ) : null}
          {item.actions.length > 0 ? (
            <Panel title={t`Actions on this case`}>
              <ActionHistory actions={item.actions} label={t`Actions on this case`} />
            </Panel>
          ) : null}
          <Panel title={t`Earlier cases and actions`}>
            {item.history.cases.length === 0 && item.history.actions.length === 0 ? (
              <p className="text-sm text-base-content/70">
                <Trans>Nothing before this case.</Trans>
              </p>
            ) : (
              <>
                {item.history.cases.length > 0 ? (
                  <ul aria-label={t`Earlier cases`} className="flex flex-col gap-1 text-sm">
                    {item.history.cases.map((earlier) => (
                      <li key={earlier._id}>
                        <Link to={paths.moderationCase(earlier._id)} className="link link-primary">
                          {subjectTypeLabel(earlier.subject.type)}
                        </Link>{" "}
                        <span className="text-base-content/70">
                          · {earlier.state === "open" ? "open" : "closed"} ·{" "}
                          <time dateTime={earlier.createdAt}>
                            {formatDateTime(earlier.createdAt)}
                          </time>
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {item.history.actions.length > 0 ? (
                  <ActionHistory actions={item.history.actions} label={t`Earlier actions`} />
                ) : null}
              </>
            )}
          </Panel>
        </aside>
      </div>
    </div>
  );
}

/** /moderation/cases/:caseId: one case, with everything a decision needs. */
export function ModerationCasePage() {
  const { caseId = "" } = useParams();
  const query = useCase(caseId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <ModerationFrame title={t`Moderation case`}>
      {query.isPending ? (
        <LoadingPanel />
      ) : notFound ? (
        <div className="flex flex-col items-center gap-3 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-base-content/50" />
          <p className="font-semibold">{MODERATION_MESSAGES.caseNotFound}</p>
          <Link to={paths.moderation} className="btn btn-primary btn-sm">
            <Trans>Back to the queue</Trans>
          </Link>
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <TriangleAlert aria-hidden="true" className="size-8 text-error" />
          <p className="font-semibold">
            <Trans>Couldn't load the case.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void query.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <CaseView item={query.data} />
      )}
    </ModerationFrame>
  );
}
