import { Trans, useLingui } from "@lingui/react/macro";
import { MessageSquarePlus, MessagesSquare, Users } from "lucide-react";
import { lazy, Suspense, useEffect, useEffectEvent, useState } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { COMMUNITY_MESSAGES } from "@/config/copy.ts";
import { usePosts } from "../api/get-posts.ts";
import { CommunityHeader } from "../components/community-header.tsx";
import { CommunityList } from "../components/community-list.tsx";
import { PageIntro } from "../components/page-intro.tsx";
import { PostStream } from "../components/post-stream.tsx";
import { readToken, tokenState } from "../lib/community-token.ts";
import { useAutoJoin } from "../lib/use-auto-join.ts";
import { useCommunitySession } from "../lib/use-community-session.ts";
import { useDeleteOwnItem } from "../lib/use-delete-own-item.ts";
import { useExpiryOf } from "../lib/use-session-expiry.ts";

const CommunityLoginModal = lazy(async () => ({
  default: (await import("../components/community-login-modal.tsx")).CommunityLoginModal,
}));
const PostComposer = lazy(async () => ({
  default: (await import("../components/post-composer.tsx")).PostComposer,
}));

/** /community: the posts, the way in (Login / Signup) and 'Add Your Thought'. */
export function CommunityPage() {
  const { state, leave } = useCommunitySession();
  const token = state.kind === "valid" ? state.token : null;
  const auto = useAutoJoin(state);
  // Opened by the effect below once it is clear the visitor has no way in without it.
  const { t } = useLingui();
  const [loginOpen, setLoginOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [postOpen, setPostOpen] = useState(false);
  // The forms load when first needed: the board itself paints without them (and zod).
  const [loginMounted, setLoginMounted] = useState(false);
  const [composerMounted, setComposerMounted] = useState(false);
  if (loginOpen && !loginMounted) setLoginMounted(true);
  if (postOpen && !composerMounted) setComposerMounted(true);
  const posts = usePosts(token);
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

  const items = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  const memberId = state.kind === "valid" ? state.claims.id : null;

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <CommunityHeader
        memberName={state.kind === "valid" ? state.claims.uname || t`Member` : null}
        onLeave={() => {
          leave();
          setNotice(null);
          showToast(t`You left the community.`, { variant: "info" });
        }}
      />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">
        <PageIntro
          title={t`Welcome to the Kindred Community`}
          action={{ label: t`Add Your Thought`, icon: MessageSquarePlus, onClick: addThought }}
        >
          <Trans>
            Share what you are learning, ask questions, and meet people who care about the same
            things.
          </Trans>
        </PageIntro>

        {token === null ? (
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body items-center text-center">
              <Users aria-hidden="true" className="size-12 text-primary" />
              <p className="text-lg font-semibold">
                <Trans>Log in to read and share posts.</Trans>
              </p>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => setLoginOpen(true)}
              >
                <Trans>Login / Signup</Trans>
              </button>
            </div>
          </div>
        ) : (
          <CommunityList
            query={posts}
            empty={items.length === 0}
            failure={t`Could not load the posts.`}
            emptyIcon={MessagesSquare}
            emptyTitle={t`No posts yet. Be the first to share a thought!`}
            moreLabel={t`Show older posts`}
          >
            <section aria-labelledby="community-posts" className="flex flex-col gap-4">
              {/* Each post's title is an h3: this h2 keeps the outline without a skipped level. */}
              <h2 id="community-posts" className="sr-only">
                <Trans>Posts</Trans>
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

      {loginMounted ? (
        <Suspense fallback={null}>
          <CommunityLoginModal
            open={loginOpen}
            notice={notice}
            onClose={() => setLoginOpen(false)}
            onJoined={(name) => {
              setLoginOpen(false);
              setNotice(null);
              showToast(t`Welcome, ${name}!`, { variant: "success" });
            }}
          />
        </Suspense>
      ) : null}
      {composerMounted ? (
        <Suspense fallback={null}>
          <PostComposer
            open={postOpen}
            token={token ?? ""}
            onClose={() => setPostOpen(false)}
            onNeedLogin={() => {
              setPostOpen(false);
              setNotice(COMMUNITY_MESSAGES.loginToPost);
              setLoginOpen(true);
            }}
            onSessionExpired={sessionExpired}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
