import {
  type Appeal,
  appealDecisionBodySchema,
  MODERATION_REASON_MAX_LENGTH,
} from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Gavel, Info, RefreshCw, TriangleAlert } from "lucide-react";
import { FormError, TextareaField } from "@/components/ui/field.tsx";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { MODERATION_MESSAGES } from "@/config/copy.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useDecideAppeal } from "../api/decide-appeal.ts";
import { useAppeals } from "../api/get-appeals.ts";
import { ModerationFrame } from "../components/moderation-frame.tsx";
import { actionSummary, formatDateTime } from "../lib/labels.ts";

function DecisionForm({ appeal }: { appeal: Appeal }) {
  const decide = useDecideAppeal(appeal._id);
  const form = useZodForm(appealDecisionBodySchema, { defaultValues: { reason: "" } });
  const locked = !appeal.canDecide;
  const submitAs = (decision: "uphold" | "overturn") => {
    form.setValue("decision", decision);
    void form.handleSubmit((body) =>
      decide.mutate(body, {
        onError: (error) => showServerError(form, error, MODERATION_MESSAGES.actionFailed),
      }),
    )();
  };
  if (locked) {
    return (
      <p className="flex items-start gap-2 rounded-box bg-base-200 p-3 text-sm">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {MODERATION_MESSAGES.appealOwnAction}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-1">
      <TextareaField
        control={form.control}
        name="reason"
        label={t`Reason the person reads`}
        rows={3}
        maxLength={MODERATION_REASON_MAX_LENGTH}
      />
      <FormError control={form.control} />
      <div className="mt-1 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={decide.isPending}
          onClick={() => submitAs("uphold")}
        >
          <Trans>Uphold the decision</Trans>
        </button>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={decide.isPending}
          onClick={() => submitAs("overturn")}
        >
          <Trans>Overturn</Trans>
        </button>
      </div>
    </form>
  );
}

function AppealCard({ appeal }: { appeal: Appeal }) {
  const name = appeal.person?.name ?? MODERATION_MESSAGES.deletedAccount;
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-5">
        <header className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 font-semibold break-words">{name}</h2>
          <span className="badge badge-soft badge-sm">{actionSummary(appeal.action)}</span>
          <span className="text-xs text-base-content/60">
            <Trans>
              appealed <time dateTime={appeal.createdAt}>{formatDateTime(appeal.createdAt)}</time>
            </Trans>
          </span>
        </header>
        <div className="grid gap-3 md:grid-cols-2">
          <div className="rounded-box bg-base-200 p-3 text-sm">
            <p className="text-xs font-semibold text-base-content/60">
              {appeal.action.actor ? (
                <Trans>The decision, by {appeal.action.actor.name}</Trans>
              ) : (
                <Trans>The decision</Trans>
              )}
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap">{appeal.action.reason}</p>
          </div>
          <div className="rounded-box border border-base-300 p-3 text-sm">
            <p className="text-xs font-semibold text-base-content/60">
              <Trans>The appeal</Trans>
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap">{appeal.text}</p>
          </div>
        </div>
        {appeal.state === "open" ? (
          <DecisionForm appeal={appeal} />
        ) : (
          <p className="text-sm text-base-content/70">
            {appeal.state === "upheld" ? "Rejected" : "Accepted"}
            {appeal.decisionReason ? `: ${appeal.decisionReason}` : "."}
          </p>
        )}
      </div>
    </li>
  );
}

/** /moderation/appeals: the open appeals, decided by a moderator other than the one who acted. */
export function ModerationAppealsPage() {
  const appeals = useAppeals();
  return (
    <ModerationFrame title={t`Appeals`}>
      {appeals.isPending ? (
        <LoadingPanel />
      ) : appeals.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <TriangleAlert aria-hidden="true" className="size-8 text-error" />
          <p className="font-semibold">
            <Trans>Couldn't load the appeals.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void appeals.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : appeals.data.length === 0 ? (
        <EmptyPanel icon={Gavel} title={t`No open appeals`}>
          <p className="text-base-content/70">
            <Trans>Appeals against decisions show up here.</Trans>
          </p>
        </EmptyPanel>
      ) : (
        <ul aria-label={t`Appeals`} className="flex flex-col gap-3">
          {appeals.data.map((appeal) => (
            <AppealCard key={appeal._id} appeal={appeal} />
          ))}
        </ul>
      )}
    </ModerationFrame>
  );
}
