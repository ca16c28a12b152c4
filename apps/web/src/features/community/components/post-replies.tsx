import { type Post, REPLY_CONTENT_MAX_LENGTH, replyBodySchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { ReportButton } from "@/components/report/report-button.tsx";
import { FormError, TextareaField } from "@/components/ui/field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { SERVER_ERROR, showServerError, useZodForm } from "@/lib/form.ts";
import { fullDateTime, relativeTime } from "@/lib/relative-time.ts";
import { useAddReply, useReplies } from "../api/post-interactions.ts";
import { expiredOn, useExpiryOf } from "../lib/use-session-expiry.ts";

/** A post's replies and the form to answer (loaded when someone opens them: forms need zod). */
export function Replies({
  id,
  post,
  token,
  onExpired,
  memberId = null,
}: {
  id: string;
  post: Post;
  token: string;
  onExpired: () => void;
  /** The signed-in reader: others' replies get Report. */
  memberId?: string | null;
}) {
  const { t } = useLingui();
  const postTitle = post.title;
  const replies = useReplies(token, post.id, true);
  const add = useAddReply(token, post.id);
  const form = useZodForm(replyBodySchema, { defaultValues: { content: "" } });
  useExpiryOf(replies.error, onExpired);
  const items = replies.data?.pages.flatMap((page) => page.replies) ?? [];

  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => form.reset({ content: "" }),
      onError: (error) => {
        if (expiredOn(error, onExpired)) return;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          return showServerError(form, error, t`Your reply was not posted.`);
        }
        form.setError(SERVER_ERROR, {
          type: "server",
          message: t`Your reply was not posted. Check your connection and try again.`,
        });
      },
    }),
  );

  return (
    <section id={id} aria-label={t`Replies to ${postTitle}`} className="flex flex-col gap-3">
      {replies.isPending ? (
        <p role="status" className="text-sm text-base-content/70">
          <Trans>Loading replies...</Trans>
        </p>
      ) : replies.isError ? (
        <p role="alert" className="text-sm text-error">
          <Trans>
            Could not load the replies.{" "}
            <button type="button" className="link" onClick={() => void replies.refetch()}>
              Retry
            </button>
          </Trans>
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-base-content/70">
          <Trans>No replies yet. Be the first to answer.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {items.map((reply) => {
            const authorName = reply.authorName;
            return (
              <li key={reply._id} className="rounded-box bg-base-200 px-4 py-2.5">
                <div className="flex items-start gap-2">
                  <p className="min-w-0 flex-1 text-sm text-base-content/60">
                    <span dir="auto" className="font-medium break-words text-base-content/80">
                      {reply.authorName}
                    </span>
                    <span aria-hidden="true"> · </span>
                    <time dateTime={reply.createdAt} title={fullDateTime(reply.createdAt)}>
                      {relativeTime(reply.createdAt)}
                    </time>
                  </p>
                  {memberId && reply.userId !== memberId ? (
                    <ReportButton
                      iconOnly
                      subject={{ type: "reply", _id: reply._id }}
                      title={t`Report this reply`}
                      label={t`Report the reply from ${authorName}`}
                      className="btn-xs -me-2 text-base-content/60"
                    />
                  ) : null}
                </div>
                <p dir="auto" className="break-words whitespace-pre-wrap">
                  {reply.content}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {replies.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-xs self-start"
          onClick={() => void replies.fetchNextPage()}
          disabled={replies.isFetchingNextPage}
        >
          <Trans>Show more replies</Trans>
        </button>
      ) : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <TextareaField
          control={form.control}
          name="content"
          label={t`Your reply`}
          rows={2}
          maxLength={REPLY_CONTENT_MAX_LENGTH}
        />
        <FormError control={form.control} />
        <SubmitButton pending={add.isPending} className="btn-sm self-end">
          <Trans>Reply</Trans>
        </SubmitButton>
      </form>
    </section>
  );
}
