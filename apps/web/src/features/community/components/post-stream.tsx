import type { Post } from "@kindred/shared";
import { useLocation } from "react-router";
import { PostActions } from "./post-actions.tsx";
import { PostCard } from "./post-card.tsx";

type PostStreamProps = {
  posts: Post[];
  token: string;
  /** The reader's member id: their own posts get Delete. */
  memberId: string | null;
  onDelete: (post: Post) => void;
  onExpired: () => void;
};

/**
 * Posts with their likes and replies, the board's and a group's alike. A notification's
 * `#post-<id>` opens that post's replies.
 */
export function PostStream({ posts, token, memberId, onDelete, onExpired }: PostStreamProps) {
  const { hash } = useLocation();
  return (
    <>
      {posts.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          onDelete={post.userId === memberId ? () => onDelete(post) : undefined}
          actions={
            <PostActions
              post={post}
              token={token}
              onExpired={onExpired}
              initiallyOpen={hash === `#post-${post.id}`}
            />
          }
        />
      ))}
    </>
  );
}
