import type { Post } from "@kindred/shared";
import type { ReactNode } from "react";
import { fullDateTime, relativeTime } from "@/lib/relative-time.ts";
import { DeleteItemButton } from "./delete-item-button.tsx";

type PostCardProps = {
  post: Post;
  /** Shown only on the reader's own posts. */
  onDelete?: () => void;
  /** Likes and replies, for a reader with a community token. */
  actions?: ReactNode;
  /** Report, on others' posts for a signed-in reader. */
  report?: ReactNode;
};

/** One post: title, author, when, and the text exactly as written. */
export function PostCard({ post, onDelete, actions, report }: PostCardProps) {
  const initial = post.authorName.trim().charAt(0).toUpperCase() || "?";
  return (
    <article
      id={`post-${post.id}`}
      className="card scroll-mt-20 border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-5">
        <header className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary"
          >
            {initial}
          </span>
          <div className="min-w-0 flex-1">
            <h3 dir="auto" className="text-lg leading-snug font-semibold break-words">
              {post.title}
            </h3>
            <p className="text-sm text-base-content/60">
              <span dir="auto" className="font-medium text-base-content/80">
                {post.authorName}
              </span>
              <span aria-hidden="true"> · </span>
              <time dateTime={post.createdAt} title={fullDateTime(post.createdAt)}>
                {relativeTime(post.createdAt)}
              </time>
            </p>
          </div>
          {onDelete ? <DeleteItemButton kind="post" name={post.title} onDelete={onDelete} /> : null}
          {report}
        </header>
        <p dir="auto" className="break-words whitespace-pre-wrap text-base-content/90">
          {post.content}
        </p>
        {actions}
      </div>
    </article>
  );
}
