import type { ModerationCase } from "@kindred/shared";
import { Trans } from "@lingui/react/macro";
import { EyeOff, Filter, Users } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar.tsx";
import { REPORT_REASON_LABELS } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { relativeTime } from "@/lib/relative-time.ts";
import { caseName, caseSource, subjectTypeLabel } from "../lib/labels.ts";

/** What the snapshot says in a line: the title, the text, or the person's about. */
function excerptOf(item: ModerationCase): string {
  const { snapshot } = item;
  const reported = snapshot.messages.find((message) => message.reported);
  return (snapshot.title ?? reported?.text ?? snapshot.text ?? snapshot.person?.about ?? "").trim();
}

/** The badges a case carries: held by the filter, hidden, closed. */
export function CaseBadges({ item }: { item: ModerationCase }) {
  return (
    <>
      {item.heldByFilter ? (
        <span className="badge badge-warning badge-soft badge-sm gap-1">
          <Filter aria-hidden="true" className="size-3" />
          <Trans>Held by filter</Trans>
        </span>
      ) : null}
      {item.hidden ? (
        <span className="badge badge-error badge-soft badge-sm gap-1">
          <EyeOff aria-hidden="true" className="size-3" />
          <Trans>Hidden</Trans>
        </span>
      ) : null}
      {item.state === "closed" ? (
        <span className="badge badge-neutral badge-soft badge-sm">
          <Trans>Closed</Trans>
        </span>
      ) : null}
    </>
  );
}

/** One case in the queue: who, what, why, how many reports, and when. */
export function CaseCard({ item }: { item: ModerationCase }) {
  const name = caseName(item);
  const reasons = [...new Set(item.reports.map((report) => report.reason))];
  const source = caseSource(item);
  const reporters = item.reports.length;
  const excerpt = excerptOf(item);
  const photo = item.person?.photoUrl ?? item.snapshot.person?.photoUrl;
  return (
    <li>
      <Link
        to={paths.moderationCase(item._id)}
        className="card border border-base-300 bg-base-100 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
      >
        <div className="card-body flex-row gap-3 p-4">
          <Avatar
            src={photo ?? ""}
            photo={item.person?.photo ?? null}
            name={name}
            userId={item.person?._id ?? item._id}
            size="md"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="badge badge-ghost badge-sm">
                {subjectTypeLabel(item.subject.type)}
              </span>
              <h2 className="min-w-0 truncate font-semibold" title={name}>
                {name}
              </h2>
              <CaseBadges item={item} />
            </div>
            {excerpt ? (
              <p className="mt-1 line-clamp-2 text-sm break-words text-base-content/80">
                {excerpt}
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-base-content/70">
              {reasons.map((reason) => (
                <span
                  key={reason}
                  className={cn(
                    "badge badge-sm",
                    reason === "child_safety" || reason === "harassment"
                      ? "badge-error"
                      : "badge-outline",
                  )}
                >
                  {REPORT_REASON_LABELS[reason]}
                </span>
              ))}
              {source ? <span className="badge badge-sm badge-outline">{source}</span> : null}
              {reporters > 0 ? (
                <span className="inline-flex items-center gap-1">
                  <Users aria-hidden="true" className="size-3.5" />
                  {reporters} {reporters === 1 ? "report" : "reports"}
                </span>
              ) : null}
              <span aria-hidden="true">·</span>
              <time dateTime={item.createdAt}>{relativeTime(item.createdAt)}</time>
            </div>
          </div>
        </div>
      </Link>
    </li>
  );
}
