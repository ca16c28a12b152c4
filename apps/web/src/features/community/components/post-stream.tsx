import type { Post } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import { useLocation } from "react-router";
import { ReportButton } from "@/components/report/report-button.tsx";
import { useMe } from "@/lib/get-me.ts";
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
  const { t } = useLingui();
  const { hash } = useLocation();
  // Reports are filed with the app's session, not the community token.
  const signedIn = Boolean(useMe().data);
  return (
    <>
      {posts.map((post) => {
        const postTitle = post.title;
        return (
          <PostCard
            key={post.id}
            post={post}
            onDelete={post.userId === memberId ? () => onDelete(post) : undefined}
            report={
              signedIn && post.userId !== memberId ? (
                <ReportButton
                  iconOnly
                  subject={{ type: "post", _id: post.id }}
                  title={t`Report this post`}
                  label={t`Report the post ${postTitle}`}
                  className="-mt-1 -me-2 text-base-content/60"
                />
              ) : null
            }
            actions={
              <PostActions
                post={post}
                token={token}
                onExpired={onExpired}
                memberId={signedIn ? memberId : null}
                initiallyOpen={hash === `#post-${post.id}`}
              />
            }
          />
        );
      })}
    </>
  );
}
