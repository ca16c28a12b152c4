import type { PostBody } from "@kindred/shared";
import { MessageSquarePlus, MessagesSquare, Users } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { COMMUNITY_MESSAGES } from "@/config/copy.ts";
import { ApiError } from "@/lib/api-client.ts";
import { SERVER_ERROR, showServerError } from "@/lib/form.ts";
import { usePosts } from "../api/get-posts.ts";
import { usePublishPost } from "../api/publish-post.ts";
import { CommunityHeader } from "../components/community-header.tsx";
import { CommunityList } from "../components/community-list.tsx";
import { CommunityLoginModal } from "../components/community-login-modal.tsx";
import { PageIntro } from "../components/page-intro.tsx";
import { EMPTY_POST, PostFormModal, usePostForm } from "../components/post-form-modal.tsx";
import { PostStream } from "../components/post-stream.tsx";
import { readToken, tokenState } from "../lib/community-token.ts";
import { useAutoJoin } from "../lib/use-auto-join.ts";
import { useCommunitySession } from "../lib/use-community-session.ts";
import { useDeleteOwnItem } from "../lib/use-delete-own-item.ts";
import { expiredOn, useExpiryOf } from "../lib/use-session-expiry.ts";

/** /community: the posts, the way in (Login / Signup) and 'Add Your Thought'. */
export function CommunityPage() {
  const { state, leave } = useCommunitySession();
  const token = state.kind === "valid" ? state.token : null;
  const auto = useAutoJoin(state);
  // Opened by the effect below once it is clear the visitor has no way in without it.
  const [loginOpen, setLoginOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [postOpen, setPostOpen] = useState(false);
  const postForm = usePostForm();
  const posts = usePosts(token);
  const publish = usePublishPost(token ?? "");
  const remove = useDeleteOwnItem(token ?? "", "post", sessionExpired);

  function sessionExpired() {
    leave();
    setPostOpen(false);
    setNotice(COMMUNITY_MESSAGES.sessionExpired);
    showToast(COMMUNITY_MESSAGES.sessionExpired, { variant: "error" });
    setLoginOpen(true);
  }

  const onSessionExpired = useEffectEvent(sessionExpired);
  const onNoToken = useEffectEvent(() => setLoginOpen(true));

  // A stored token that cannot be read (or has expired) is dropped, and the person asked again.
  // A signed-in person gets their token by themselves (useAutoJoin): no modal while it comes.
  useEffect(() => {
    if (state.kind === "invalid" && !auto.joining) onSessionExpired();
    if (state.kind === "none" && !auto.joining) onNoToken();
  }, [state.kind, auto.joining]);

  useExpiryOf(posts.error, sessionExpired);

  function addThought() {
    const current = tokenState(readToken());
    if (current.kind === "none") {
      setNotice(COMMUNITY_MESSAGES.loginToPost);
      showToast(COMMUNITY_MESSAGES.loginToPost, { variant: "error" });
      setLoginOpen(true);
      return;
    }
    if (current.kind === "invalid") {
      sessionExpired();
      return;
    }
    setPostOpen(true);
  }

  function submitPost(values: PostBody) {
    const current = tokenState(readToken());
    if (current.kind !== "valid") {
      if (current.kind === "none") {
        setPostOpen(false);
        setNotice(COMMUNITY_MESSAGES.loginToPost);
        setLoginOpen(true);
      } else sessionExpired();
      return;
    }
    publish.mutate(
      { ...values, userId: current.claims.id },
      {
        onSuccess: () => {
          setPostOpen(false);
          postForm.reset(EMPTY_POST);
          showToast("Your thought is posted.", { variant: "success" });
        },
        onError: (error) => {
          if (expiredOn(error, sessionExpired)) return;
          if (error instanceof ApiError && error.status === 0) {
            postForm.setError(SERVER_ERROR, {
              type: "server",
              message: COMMUNITY_MESSAGES.postConnectionError,
            });
            return;
          }
          if (error instanceof ApiError && (error.status === 400 || error.status === 429)) {
            return showServerError(postForm, error, COMMUNITY_MESSAGES.postFailed);
          }
          postForm.setError(SERVER_ERROR, {
            type: "server",
            message: COMMUNITY_MESSAGES.postFailed,
          });
        },
      },
    );
  }

  const items = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  const memberId = state.kind === "valid" ? state.claims.id : null;

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <CommunityHeader
        memberName={state.kind === "valid" ? state.claims.uname || "Member" : null}
        onLeave={() => {
          leave();
          setNotice(null);
          showToast("You left the community.", { variant: "info" });
        }}
      />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">
        <PageIntro
          title="Welcome to the Kindred Community"
          action={{ label: "Add Your Thought", icon: MessageSquarePlus, onClick: addThought }}
        >
          Share what you are learning, ask questions, and meet people who care about the same
          things.
        </PageIntro>

        {token === null ? (
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body items-center text-center">
              <Users aria-hidden="true" className="size-12 text-primary" />
              <p className="text-lg font-semibold">Log in to read and share posts.</p>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => setLoginOpen(true)}
              >
                Login / Signup
              </button>
            </div>
          </div>
        ) : (
          <CommunityList
            query={posts}
            empty={items.length === 0}
            failure="Could not load the posts."
            emptyIcon={MessagesSquare}
            emptyTitle="No posts yet. Be the first to share a thought!"
            moreLabel="Show older posts"
          >
            <section aria-labelledby="community-posts" className="flex flex-col gap-4">
              {/* Each post's title is an h3: this h2 keeps the outline without a skipped level. */}
              <h2 id="community-posts" className="sr-only">
                Posts
              </h2>
              <PostStream
                posts={items}
                token={token}
                memberId={memberId}
                onDelete={(post) => remove.remove(post.id, post.title)}
                onExpired={sessionExpired}
              />
            </section>
          </CommunityList>
        )}
      </main>

      <CommunityLoginModal
        open={loginOpen}
        notice={notice}
        onClose={() => setLoginOpen(false)}
        onJoined={(name) => {
          setLoginOpen(false);
          setNotice(null);
          showToast(`Welcome, ${name}!`, { variant: "success" });
        }}
      />
      <PostFormModal
        open={postOpen}
        onClose={() => setPostOpen(false)}
        form={postForm}
        pending={publish.isPending}
        onSubmit={submitPost}
      />
    </div>
  );
}
