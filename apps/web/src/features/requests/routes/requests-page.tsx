import { MESSAGES, type ReceivedRequest } from "@kindred/shared";
import { Check, Inbox, X } from "lucide-react";
import { AnimatePresence, motion } from "motion/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyPanel, LoadingPanel } from "../../../components/ui/status-panel.tsx";
import { fullName, UserCard } from "../../../components/ui/user-card.tsx";
import { paths } from "../../../config/paths.ts";
import { useReceivedRequests } from "../api/get-requests.ts";
import { useReviewRequest } from "../api/review-request.ts";

export function RequestsPage() {
  const requests = useReceivedRequests();
  const review = useReviewRequest();
  // Load errors are ignored as the product does: the list then reads as empty.
  const list = requests.data ?? [];

  let content: ReactNode;
  if (requests.isPending) {
    content = <LoadingPanel />;
  } else if (list.length === 0) {
    content = (
      <EmptyPanel icon={Inbox} title={MESSAGES.noRequests}>
        <Link to={paths.home} className="btn btn-primary btn-sm mt-2">
          Discover people
        </Link>
      </EmptyPanel>
    );
  } else {
    content = (
      <ul className="grid w-full grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <AnimatePresence initial={false} mode="popLayout">
          {list.map((request: ReceivedRequest) => (
            <motion.li
              key={request._id}
              layout
              exit={{ opacity: 0, scale: 0.9, transition: { duration: 0.2 } }}
              className="mx-auto w-full max-w-[400px]"
            >
              <UserCard
                compact
                user={request.fromUserId}
                footer={
                  <div className="grid grid-cols-2 gap-3">
                    <button
                      type="button"
                      className="btn btn-outline btn-error"
                      title={`Reject ${fullName(request.fromUserId)}`}
                      onClick={() => review.mutate({ status: "rejected", requestId: request._id })}
                    >
                      <X aria-hidden="true" className="size-4" />
                      Reject
                    </button>
                    <button
                      type="button"
                      className="btn btn-success"
                      title={`Accept ${fullName(request.fromUserId)}`}
                      onClick={() => review.mutate({ status: "accepted", requestId: request._id })}
                    >
                      <Check aria-hidden="true" className="size-4" />
                      Accept
                    </button>
                  </div>
                }
              />
            </motion.li>
          ))}
        </AnimatePresence>
      </ul>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col items-center gap-8 px-4 py-6 sm:py-10">
      <header className="text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Connection Requests</h1>
        <p className="mt-2 text-base-content/70">
          People who are interested in you. Accept to connect.
        </p>
      </header>
      {content}
    </section>
  );
}
