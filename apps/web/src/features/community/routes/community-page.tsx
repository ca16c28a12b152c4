import { COMMUNITY_MESSAGES, type PostBody } from "@kindred/shared";
import { MessageSquarePlus, MessagesSquare, Users } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { SERVER_ERROR, showServerError } from "@/lib/form.ts";
import { usePosts } from "../api/get-posts.ts";
import { usePublishPost } from "../api/publish-post.ts";
import { CommunityHeader } from "../components/community-header.tsx";
import { CommunityLoginModal } from "../components/community-login-modal.tsx";
import { PostCard } from "../components/post-card.tsx";
import { EMPTY_POST, PostFormModal, usePostForm } from "../components/post-form-modal.tsx";
import { readToken, tokenState } from "../lib/community-token.ts";
import { useCommunitySession } from "../lib/use-community-session.ts";
import { useDeleteOwnItem } from "../lib/use-delete-own-item.ts";

/** /community: the posts, the way in (Login / Signup) and 'Add Your Thought'. */
export function CommunityPage() {
  const { state, leave } = useCommunitySession();
  const token = state.kind === "valid" ? state.token : null;
  const [loginOpen, setLoginOpen] = useState(state.kind !== "valid");
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
  useEffect(() => {
    if (state.kind === "invalid") onSessionExpired();
    if (state.kind === "none") onNoToken();
  }, [state.kind]);

  const postsError = posts.error;
  useEffect(() => {
    if (postsError instanceof ApiError && postsError.status === 401) onSessionExpired();
  }, [postsError]);

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
          if (error instanceof ApiError && error.status === 401) return sessionExpired();
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
        <section className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
              Welcome to the Kindred Community
            </h1>
            <p className="mt-2 text-base-content/70">
              Share what you are learning, ask questions, and meet people who care about the same
              things.
            </p>
          </div>
          <button type="button" className="btn btn-primary shrink-0" onClick={addThought}>
            <MessageSquarePlus aria-hidden="true" className="size-5" />
            Add Your Thought
          </button>
        </section>

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
        ) : posts.isPending ? (
          <LoadingPanel />
        ) : posts.isError ? (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
            <span>Could not load the posts.</span>
            <button type="button" className="btn btn-sm" onClick={() => posts.refetch()}>
              Try Again
            </button>
          </div>
        ) : items.length === 0 ? (
          <EmptyPanel
            icon={MessagesSquare}
            title="No posts yet. Be the first to share a thought!"
          />
        ) : (
          <section aria-label="Posts" className="flex flex-col gap-4">
            {items.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                onDelete={post.userId === memberId ? () => remove.remove(post.id) : undefined}
                deleting={remove.pendingId === post.id}
              />
            ))}
            {posts.hasNextPage ? (
              <button
                type="button"
                className="btn btn-outline btn-sm self-center"
                onClick={() => posts.fetchNextPage()}
                disabled={posts.isFetchingNextPage}
              >
                {posts.isFetchingNextPage ? "Loading..." : "Show older posts"}
              </button>
            ) : null}
          </section>
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
