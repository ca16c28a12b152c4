import type { AuditEntry } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { ClipboardList, RefreshCw, TriangleAlert, UserCog } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Modal } from "@/components/ui/modal.tsx";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { paths } from "@/config/paths.ts";
import { useMe } from "@/lib/get-me.ts";
import { useAudit } from "../api/get-audit.ts";
import { ModerationFrame } from "../components/moderation-frame.tsx";
import { RoleControl } from "../components/role-control.tsx";
import { AUDIT_LABELS, formatDateTime, subjectTypeLabel } from "../lib/labels.ts";

function EntryRow({
  entry,
  onRole,
}: {
  entry: AuditEntry;
  onRole?: (target: NonNullable<AuditEntry["target"]>) => void;
}) {
  return (
    <li className="grid gap-1 py-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:gap-4">
      <time dateTime={entry.createdAt} className="text-base-content/70">
        {formatDateTime(entry.createdAt)}
      </time>
      <div className="min-w-0">
        <p className="break-words">
          <span className="font-semibold">{AUDIT_LABELS[entry.action]}</span>
          {entry.target ? <> · {entry.target.name}</> : null}
          {entry.subject ? (
            <span className="text-base-content/70"> · {subjectTypeLabel(entry.subject.type)}</span>
          ) : null}
        </p>
        <p className="text-xs text-base-content/70">
          {entry.actor ? (
            <Trans>by {entry.actor.name}</Trans>
          ) : (
            <Trans>by Kindred (automatic)</Trans>
          )}
          {entry.caseId ? (
            <>
              {" · "}
              <Link to={paths.moderationCase(entry.caseId)} className="link link-primary">
                <Trans>Open the case</Trans>
              </Link>
            </>
          ) : null}
        </p>
        {entry.reason ? (
          <p className="mt-1 break-words whitespace-pre-wrap text-base-content/90">
            {entry.reason}
          </p>
        ) : null}
      </div>
      {entry.target && onRole ? (
        <button
          type="button"
          className="btn btn-ghost btn-xs self-start justify-self-start"
          onClick={() => entry.target && onRole(entry.target)}
          aria-label={t`Change the role of ${entry.target.name}`}
        >
          <UserCog aria-hidden="true" className="size-3.5" />
          <Trans>Role</Trans>
        </button>
      ) : null}
    </li>
  );
}

/** /moderation/audit (admins): every action and role change, newest first; roles from here too. */
export function ModerationAuditPage() {
  const audit = useAudit();
  const { data: me } = useMe();
  const [roleFor, setRoleFor] = useState<{ _id: string; name: string }>();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <ModerationFrame title={t`Audit log`}>
      {audit.isPending ? (
        <LoadingPanel />
      ) : audit.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <TriangleAlert aria-hidden="true" className="size-8 text-error" />
          <p className="font-semibold">
            <Trans>Couldn't load the audit log.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void audit.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : entries.length === 0 ? (
        <EmptyPanel icon={ClipboardList} title={t`Nothing logged yet`}>
          <p className="text-base-content/70">
            <Trans>Every action and role change will be listed here.</Trans>
          </p>
        </EmptyPanel>
      ) : (
        <section className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body p-4 sm:p-5">
            <ol aria-label={t`Audit log`} className="divide-y divide-base-300">
              {entries.map((entry) => (
                <EntryRow
                  key={entry._id}
                  entry={entry}
                  onRole={entry.target?._id === me?._id ? undefined : setRoleFor}
                />
              ))}
            </ol>
            {audit.hasNextPage ? (
              <button
                type="button"
                className="btn btn-outline btn-sm self-center"
                disabled={audit.isFetchingNextPage}
                onClick={() => void audit.fetchNextPage()}
              >
                <Trans>Load older entries</Trans>
              </button>
            ) : null}
          </div>
        </section>
      )}
      {roleFor ? (
        <Modal
          open
          onClose={() => setRoleFor(undefined)}
          title={t`Role of ${roleFor.name}`}
          description={t`Moderators work the queue and appeals; admins also read this log and manage roles.`}
        >
          <RoleControl userId={roleFor._id} name={roleFor.name} />
        </Modal>
      ) : null}
    </ModerationFrame>
  );
}
