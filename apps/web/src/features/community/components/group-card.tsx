import { type Group, type GroupTag, groupPagePath } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { GROUP_TAG_LABELS } from "../lib/group-tags.ts";
import { DeleteItemButton } from "./delete-item-button.tsx";

export const GROUP_TAG_STYLE: Record<GroupTag, string> = {
  Math: "badge-primary",
  Programming: "badge-secondary",
  DSA: "badge-accent",
  "Machine Learning": "badge-info",
};

/** One study group: its topic, name and description; Delete on the member's own. */
export function GroupCard({ group, onDelete }: { group: Group; onDelete?: () => void }) {
  const { i18n } = useLingui();
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-5">
        <div className="flex min-h-8 items-start justify-between gap-2">
          <span className={`badge badge-soft ${GROUP_TAG_STYLE[group.tag]}`}>
            {i18n._(GROUP_TAG_LABELS[group.tag])}
          </span>
          {onDelete ? (
            <DeleteItemButton kind="group" name={group.name} onDelete={onDelete} />
          ) : null}
        </div>
        <h2 dir="auto" className="text-lg font-semibold break-words">
          <Link to={groupPagePath(group._id)} className="link link-hover">
            {group.name}
          </Link>
        </h2>
        <p dir="auto" className="break-words whitespace-pre-wrap text-base-content/80">
          {group.description}
        </p>
      </div>
    </li>
  );
}
