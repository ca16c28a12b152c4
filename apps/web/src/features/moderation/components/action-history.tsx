import type { ModerationActionView } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { actionSummary, formatDateTime } from "../lib/labels.ts";

const APPEAL_STATE = {
  open: t`Appeal open`,
  upheld: t`Appeal rejected`,
  overturned: t`Appeal accepted`,
};

/** Actions as a list: what, when, by whom, why, and the appeal when there is one. */
export function ActionHistory({
  actions,
  label,
}: {
  actions: ModerationActionView[];
  label: string;
}) {
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {actions.map((action) => (
        <li key={action._id} className="rounded-box bg-base-200 px-3 py-2 text-sm">
          <p className="flex flex-wrap items-center gap-x-2">
            <span className="font-semibold">{actionSummary(action)}</span>
            {action.appeal ? (
              <span className="badge badge-info badge-soft badge-sm">
                {APPEAL_STATE[action.appeal.state]}
              </span>
            ) : null}
          </p>
          <p className="text-xs text-base-content/70">
            <time dateTime={action.createdAt}>{formatDateTime(action.createdAt)}</time>
            {action.actor ? (
              <>
                {" · "}
                <Trans>by {action.actor.name}</Trans>
              </>
            ) : null}
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap">{action.reason}</p>
        </li>
      ))}
    </ol>
  );
}
