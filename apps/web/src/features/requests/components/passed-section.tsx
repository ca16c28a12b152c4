import type { PendingSentRequest, SendStatus } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Hourglass, Undo2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Avatar } from "@/components/ui/avatar.tsx";
import { ErrorPanel } from "@/components/ui/status-panel.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { useSentRequests, useTakeBack } from "../api/sent-requests.ts";

function PersonRow({
  request,
  action,
}: {
  request: PendingSentRequest;
  action: (name: string) => ReactNode;
}) {
  const user = request.toUserId;
  const name = fullName(user) || "Unnamed";
  const skills = user.skills.slice(0, 3).join(", ");
  return (
    <li className="flex min-w-0 items-center gap-3 py-3">
      <Avatar src={user.photoUrl} photo={user.photo} name={name} userId={user._id} size="md" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" title={name}>
          {name}
        </p>
        {skills ? <p className="truncate text-sm text-base-content/70">{skills}</p> : null}
      </div>
      {action(name)}
    </li>
  );
}

/** Rows kept while a list loads, so the section does not jump. */
function LoadingRows({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3 py-2">
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-3" aria-hidden="true">
          <div className="skeleton size-12 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton h-4 w-2/5" />
            <div className="skeleton h-3 w-3/5" />
          </div>
        </div>
      ))}
    </div>
  );
}

function SentList({ status }: { status: SendStatus }) {
  const headingId = useId();
  const sent = useSentRequests(status);
  const takeBack = useTakeBack(status);
  const passed = status === "ignored";
  const heading = passed ? t`People you passed` : t`Requests waiting for an answer`;

  let content: ReactNode;
  if (sent.isPending) {
    content = (
      <LoadingRows label={passed ? t`Loading people you passed` : t`Loading your requests`} />
    );
  } else if (sent.isError) {
    content = (
      <ErrorPanel
        title={
          passed ? "Couldn't load the people you passed." : "Couldn't load your waiting requests."
        }
        onRetry={() => void sent.refetch()}
        retrying={sent.isFetching}
      />
    );
  } else {
    const requests = sent.data.pages.flatMap((page) => page.items);
    content =
      requests.length === 0 ? (
        <div className="flex items-center gap-3 rounded-box bg-base-200 p-4">
          {passed ? (
            <Undo2 aria-hidden="true" className="size-6 shrink-0 text-base-content/60" />
          ) : (
            <Hourglass aria-hidden="true" className="size-6 shrink-0 text-base-content/60" />
          )}
          <p className="text-sm">
            {passed
              ? t`You haven't passed anyone. People you swipe left on show here, so you can bring them back.`
              : t`No requests waiting. When you say you're interested in someone, the request shows here until they answer.`}
          </p>
        </div>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="divide-y divide-base-300">
            {requests.map((request) => (
              <PersonRow
                key={request._id}
                request={request}
                action={(name) => (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline shrink-0"
                    aria-label={passed ? t`Undo passing ${name}` : t`Withdraw request to ${name}`}
                    onClick={() => takeBack.mutate(request)}
                  >
                    {passed ? t`Undo` : t`Withdraw`}
                  </button>
                )}
              />
            ))}
          </ul>
          {sent.hasNextPage ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm self-center"
              disabled={sent.isFetchingNextPage}
              onClick={() => void sent.fetchNextPage()}
            >
              {sent.isFetchingNextPage ? (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              ) : null}
              <Trans>Show more</Trans>
            </button>
          ) : null}
          {sent.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm text-error">
              <Trans>Couldn't load more. Try again.</Trans>
            </p>
          ) : null}
        </>
      );
  }

  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        {heading}
      </h3>
      {content}
    </div>
  );
}

/**
 * Settings, "Passed": the people I swiped left on, each with Undo (they come back to Discover),
 * and my requests nobody has answered yet, each with Withdraw (the other person no longer sees it).
 */
export function PassedSection() {
  const headingId = useId();
  return (
    <section
      id="passed"
      aria-labelledby={headingId}
      className="card scroll-mt-20 border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={headingId} className="card-title text-xl">
          <Trans>Passed</Trans>
        </h2>
        <p className="text-sm text-base-content/70">
          <Trans>
            Changed your mind? Bring back someone you passed, or take back a request they haven't
            answered yet.
          </Trans>
        </p>
        <SentList status="ignored" />
        <SentList status="interested" />
      </div>
    </section>
  );
}
