import type { ModerationActionView } from "@kindred/shared";
import { actionSummary, formatDateTime } from "../lib/labels.ts";

const APPEAL_STATE = {
  open: "Appeal open",
  upheld: "Appeal rejected",
  overturned: "Appeal accepted",
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
            {action.actor ? <> · by {action.actor.name}</> : null}
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap">{action.reason}</p>
        </li>
      ))}
    </ol>
  );
}
