import { type Post, REPLY_CONTENT_MAX_LENGTH, replyBodySchema } from "@kindred/shared";
import { Heart, MessageCircle } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { FormError, TextareaField } from "@/components/ui/field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { cn } from "@/lib/cn.ts";
import { SERVER_ERROR, showServerError, useZodForm } from "@/lib/form.ts";
import { fullDateTime, relativeTime } from "@/lib/relative-time.ts";
import { useAddReply, useLikePost, useReplies } from "../api/post-interactions.ts";
import { expiredOn, useExpiryOf } from "../lib/use-session-expiry.ts";

type PostActionsProps = {
  post: Post;
  token: string;
  /** The community token was refused: the screen ends the session. */
  onExpired: () => void;
  /** Replies open at first (a notification led here). */
  initiallyOpen?: boolean;
};

/** Like, the reply count, and the replies with a form to answer, under a post. */
export function PostActions({ post, token, onExpired, initiallyOpen = false }: PostActionsProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const like = useLikePost(token, onExpired);
  const repliesId = useId();
  // Led here by a notification: bring the post into view once it is on the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the card first shows
  useEffect(() => {
    if (initiallyOpen) document.getElementById(`post-${post.id}`)?.scrollIntoView();
  }, []);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2 border-t border-base-300 pt-3">
        <button
          type="button"
          className={cn("btn btn-ghost btn-sm gap-1.5", post.liked && "text-error")}
          aria-pressed={post.liked}
          aria-label={`Like, ${post.likes} ${post.likes === 1 ? "like" : "likes"}`}
          onClick={() => like.mutate({ post, like: !post.liked })}
        >
          <Heart aria-hidden="true" className={cn("size-4", post.liked && "fill-current")} />
          <span aria-hidden="true">{post.likes}</span>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm gap-1.5"
          aria-expanded={open}
          aria-controls={repliesId}
          onClick={() => setOpen((value) => !value)}
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          {post.replies === 0
            ? "Reply"
            : `${post.replies} ${post.replies === 1 ? "reply" : "replies"}`}
        </button>
      </div>
      {open ? <Replies id={repliesId} post={post} token={token} onExpired={onExpired} /> : null}
    </div>
  );
}

function Replies({
  id,
  post,
  token,
  onExpired,
}: {
  id: string;
  post: Post;
  token: string;
  onExpired: () => void;
}) {
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
          return showServerError(form, error, "Your reply was not posted.");
        }
        form.setError(SERVER_ERROR, {
          type: "server",
          message: "Your reply was not posted. Check your connection and try again.",
        });
      },
    }),
  );

  return (
    <section id={id} aria-label={`Replies to ${post.title}`} className="flex flex-col gap-3">
      {replies.isPending ? (
        <p role="status" className="text-sm text-base-content/70">
          Loading replies...
        </p>
      ) : replies.isError ? (
        <p role="alert" className="text-sm text-error">
          Could not load the replies.{" "}
          <button type="button" className="link" onClick={() => void replies.refetch()}>
            Retry
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-base-content/70">No replies yet. Be the first to answer.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {items.map((reply) => (
            <li key={reply._id} className="rounded-box bg-base-200 px-4 py-2.5">
              <p className="text-sm text-base-content/60">
                <span className="font-medium text-base-content/80">{reply.authorName}</span>
                <span aria-hidden="true"> · </span>
                <time dateTime={reply.createdAt} title={fullDateTime(reply.createdAt)}>
                  {relativeTime(reply.createdAt)}
                </time>
              </p>
              <p className="break-words whitespace-pre-wrap">{reply.content}</p>
            </li>
          ))}
        </ol>
      )}
      {replies.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-xs self-start"
          onClick={() => void replies.fetchNextPage()}
          disabled={replies.isFetchingNextPage}
        >
          Show more replies
        </button>
      ) : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <TextareaField
          control={form.control}
          name="content"
          label="Your reply"
          rows={2}
          maxLength={REPLY_CONTENT_MAX_LENGTH}
        />
        <FormError control={form.control} />
        <SubmitButton pending={add.isPending} className="btn-sm self-end">
          Reply
        </SubmitButton>
      </form>
    </section>
  );
}
