import type { ReceivedRequest, ReviewStatus } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Inbox, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PersonTile } from "@/components/ui/person-tile.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { UserListPage } from "@/components/ui/user-list-page.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { useReceivedRequests } from "../api/get-requests.ts";
import { useReviewRequest } from "../api/review-request.ts";

/**
 * After an answer the next request moves up under the pointer; its buttons wait this long, so
 * a double click (or an impatient second tap) cannot answer it by accident.
 */
export const REVIEW_COOLDOWN_MS = 600;

export function RequestsPage() {
  const { t } = useLingui();
  const requests = useReceivedRequests();
  const review = useReviewRequest();
  const [coolingDown, setCoolingDown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function answer(request: ReceivedRequest, status: ReviewStatus) {
    if (coolingDown) return;
    setCoolingDown(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCoolingDown(false), REVIEW_COOLDOWN_MS);
    review.mutate({ status, request });
  }

  return (
    <UserListPage
      title={t`Connection Requests`}
      subtitle={t`People who are interested in you. Accept to connect.`}
      items={requests.data}
      isPending={requests.isPending}
      emptyIcon={Inbox}
      emptyTitle={MESSAGES.noRequests}
      itemKey={(request) => request._id}
      renderItem={(request) => {
        const name = fullName(request.fromUserId);
        return (
          <PersonTile
            user={request.fromUserId}
            actions={
              <div className="flex gap-2 sm:grid sm:grid-cols-2 sm:gap-3">
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-square sm:btn-block"
                  title={t`Reject ${name}`}
                  aria-label={t`Reject`}
                  disabled={coolingDown}
                  onClick={() => answer(request, "rejected")}
                >
                  <X aria-hidden="true" className="size-4" />
                  <span aria-hidden="true" className="hidden sm:inline">
                    <Trans>Reject</Trans>
                  </span>
                </button>
                <button
                  type="button"
                  className="btn btn-success btn-square sm:btn-block"
                  title={t`Accept ${name}`}
                  aria-label={t`Accept`}
                  disabled={coolingDown}
                  onClick={() => answer(request, "accepted")}
                >
                  <Check aria-hidden="true" className="size-4" />
                  <span aria-hidden="true" className="hidden sm:inline">
                    <Trans>Accept</Trans>
                  </span>
                </button>
              </div>
            }
          />
        );
      }}
    />
  );
}
