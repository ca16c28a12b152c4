import type { Post } from "@kindred/shared";
import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Heart, MessageCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { cn } from "@/lib/cn.ts";
import { useLikePost } from "../api/post-interactions.ts";

const Replies = lazy(async () => ({ default: (await import("./post-replies.tsx")).Replies }));

type PostActionsProps = {
  post: Post;
  token: string;
  /** The community token was refused: the screen ends the session. */
  onExpired: () => void;
  /** Replies open at first (a notification led here). */
  initiallyOpen?: boolean;
  /** The signed-in reader's id: others' replies get Report. Null without a session. */
  memberId?: string | null;
};

/** Like, the reply count, and the replies with a form to answer, under a post. */
export function PostActions({
  post,
  token,
  onExpired,
  initiallyOpen = false,
  memberId = null,
}: PostActionsProps) {
  const { t } = useLingui();
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
          aria-label={t({
            message: plural(post.likes, { one: "Like, # like", other: "Like, # likes" }),
          })}
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
          {post.replies === 0 ? (
            <Trans>Reply</Trans>
          ) : (
            <Plural value={post.replies} one="# reply" other="# replies" />
          )}
        </button>
      </div>
      {open ? (
        <Suspense
          fallback={
            <p id={repliesId} role="status" className="text-sm text-base-content/70">
              <Trans>Loading replies...</Trans>
            </p>
          }
        >
          <Replies
            id={repliesId}
            post={post}
            token={token}
            onExpired={onExpired}
            memberId={memberId}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
