import type { GroupDetail, PostBody } from "@kindred/shared";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, MessageSquarePlus, MessagesSquare, Pencil, SearchX, Users } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ReportButton } from "@/components/report/report-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { SERVER_ERROR, showServerError } from "@/lib/form.ts";
import { useMe } from "@/lib/get-me.ts";
import { relativeTime } from "@/lib/relative-time.ts";
import {
  useGroup,
  useGroupMembers,
  useGroupMembership,
  useGroupPosts,
  usePublishGroupPost,
} from "../api/group.ts";
import { CommunityFrame } from "../components/community-frame.tsx";
import { CommunityList } from "../components/community-list.tsx";
import { DeleteItemButton } from "../components/delete-item-button.tsx";
import { EditGroupModal } from "../components/edit-group-modal.tsx";
import { GROUP_TAG_STYLE } from "../components/group-card.tsx";
import { EMPTY_POST, PostFormModal, usePostForm } from "../components/post-form-modal.tsx";
import { PostStream } from "../components/post-stream.tsx";
import {
  type CommunityMemberSession,
  RequireCommunityToken,
} from "../components/require-community-token.tsx";
import { GROUP_TAG_LABELS } from "../lib/group-tags.ts";
import { useDeleteOwnItem } from "../lib/use-delete-own-item.ts";
import { expiredOn, useExpiryOf, useLeaveOnExpiry } from "../lib/use-session-expiry.ts";

function GroupScreen({
  token,
  claims,
  leave,
  groupId,
}: CommunityMemberSession & { groupId: string }) {
  const { t } = useLingui();
  const group = useGroup(token, groupId);
  const expired = useLeaveOnExpiry(leave);
  useExpiryOf(group.error, expired);
  const notFound = group.error instanceof ApiError && group.error.status === 404;

  return (
    <CommunityFrame memberName={claims.uname || t`Member`} leave={leave}>
      <Link to={paths.groups} className="btn btn-ghost btn-sm mb-4 -ms-2">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        <Trans>All study groups</Trans>
      </Link>
      {group.isPending ? (
        <p role="status" className="flex justify-center py-16">
          <span className="loading loading-spinner loading-md" aria-hidden="true" />
          <span className="sr-only">
            <Trans>Loading...</Trans>
          </span>
        </p>
      ) : notFound ? (
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body items-center text-center">
            <SearchX aria-hidden="true" className="size-10 text-base-content/50" />
            <h1 className="text-xl font-semibold">
              <Trans>This study group does not exist</Trans>
            </h1>
            <p className="text-base-content/70">
              <Trans>It may have been deleted by its creator.</Trans>
            </p>
            <Link to={paths.groups} className="btn btn-primary btn-sm mt-2">
              <Trans>See all study groups</Trans>
            </Link>
          </div>
        </div>
      ) : group.isError || !group.data ? (
        <div role="alert" className="alert alert-error alert-soft">
          <Trans>Could not load the study group.</Trans>
          <button type="button" className="btn btn-sm" onClick={() => void group.refetch()}>
            <Trans>Try Again</Trans>
          </button>
        </div>
      ) : (
        <GroupContent group={group.data} token={token} memberId={claims.id} onExpired={expired} />
      )}
    </CommunityFrame>
  );
}

function GroupContent({
  group,
  token,
  memberId,
  onExpired,
}: {
  group: GroupDetail;
  token: string;
  memberId: string;
  onExpired: () => void;
}) {
  const navigate = useNavigate();
  const creator = group.u_id === memberId;
  const signedIn = Boolean(useMe().data);
  const membership = useGroupMembership(token, group._id, onExpired);
  const removeGroup = useDeleteOwnItem(token, "group", onExpired);
  const removePost = useDeleteOwnItem(token, "post", onExpired);
  const { t, i18n } = useLingui();
  const [editOpen, setEditOpen] = useState(false);
  const [postOpen, setPostOpen] = useState(false);
  const postForm = usePostForm();
  const publish = usePublishGroupPost(token, group._id);
  const posts = useGroupPosts(token, group._id);
  const members = useGroupMembers(token, group._id);
  useExpiryOf(posts.error ?? members.error, onExpired);
  const postItems = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  const memberItems = members.data?.pages.flatMap((page) => page.members) ?? [];

  const groupName = group.name;
  const creatorName = group.creator.name;
  const joinedWhen = (at: string) => relativeTime(at);

  function submitPost(values: PostBody) {
    publish.mutate(
      { ...values, userId: memberId },
      {
        onSuccess: () => {
          setPostOpen(false);
          postForm.reset(EMPTY_POST);
          showToast(t`Your post is in the group.`, { variant: "success" });
        },
        onError: (error) => {
          if (expiredOn(error, onExpired)) return;
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            return showServerError(postForm, error, t`Your post was not published.`);
          }
          postForm.setError(SERVER_ERROR, {
            type: "server",
            message: t`Your post was not published. Check your connection and try again.`,
          });
        },
      },
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <section className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-5 sm:p-6">
            <div className="flex items-start justify-between gap-2">
              <span className={`badge badge-soft ${GROUP_TAG_STYLE[group.tag]}`}>
                {i18n._(GROUP_TAG_LABELS[group.tag])}
              </span>
              {creator ? (
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setEditOpen(true)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    <Trans>Edit</Trans>
                  </button>
                  <DeleteItemButton
                    kind="group"
                    name={group.name}
                    onDelete={() => {
                      removeGroup.remove(group._id, group.name);
                      navigate(paths.groups, { replace: true });
                    }}
                  />
                </div>
              ) : signedIn ? (
                <ReportButton
                  subject={{ type: "group", _id: group._id }}
                  title={t`Report this study group`}
                  label={t`Report the study group ${groupName}`}
                  className="-mt-1 -me-2"
                />
              ) : null}
            </div>
            <h1 dir="auto" className="text-2xl font-bold break-words sm:text-3xl">
              {group.name}
            </h1>
            <p dir="auto" className="break-words whitespace-pre-wrap text-base-content/80">
              {group.description}
            </p>
            <p className="text-sm text-base-content/70">
              <Trans>
                Created by{" "}
                <span dir="auto" className="font-medium">
                  {creatorName}
                </span>
              </Trans>
              <span aria-hidden="true"> · </span>
              <span>
                <Plural value={group.members} one="# member" other="# members" />
              </span>
            </p>
            <div className="card-actions mt-1 items-center">
              {creator ? (
                <p className="text-sm text-base-content/70">
                  <Trans>You created this group.</Trans>
                </p>
              ) : (
                <button
                  type="button"
                  className={group.isMember ? "btn btn-outline btn-sm" : "btn btn-primary btn-sm"}
                  aria-pressed={group.isMember}
                  onClick={() => membership.mutate({ join: !group.isMember, name: group.name })}
                >
                  {group.isMember ? <Trans>Leave group</Trans> : <Trans>Join group</Trans>}
                </button>
              )}
            </div>
          </div>
        </section>

        <section aria-labelledby="group-posts" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="group-posts" className="text-xl font-bold">
              <Trans>Posts</Trans>
            </h2>
            {group.isMember ? (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => setPostOpen(true)}
              >
                <MessageSquarePlus aria-hidden="true" className="size-4" />
                <Trans>Write a post</Trans>
              </button>
            ) : null}
          </div>
          <CommunityList
            query={posts}
            empty={postItems.length === 0}
            failure={t`Could not load the group's posts.`}
            emptyIcon={MessagesSquare}
            emptyTitle={
              group.isMember
                ? t`No posts yet. Start the conversation!`
                : t`No posts yet. Join the group to write the first one.`
            }
            moreLabel={t`Show older posts`}
          >
            <div className="flex flex-col gap-4">
              <PostStream
                posts={postItems}
                token={token}
                memberId={memberId}
                onDelete={(post) => removePost.remove(post.id, post.title)}
                onExpired={onExpired}
              />
            </div>
          </CommunityList>
        </section>
      </div>

      <aside aria-labelledby="group-members" className="min-w-0">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-5">
            <h2 id="group-members" className="flex items-center gap-2 text-lg font-bold">
              <Users aria-hidden="true" className="size-5" />
              <Trans>Members</Trans>
              <span className="badge badge-soft badge-sm">{group.members}</span>
            </h2>
            <CommunityList
              query={members}
              empty={memberItems.length === 0}
              failure={t`Could not load the members.`}
              emptyIcon={Users}
              emptyTitle={t`No members yet.`}
              moreLabel={t`Show more members`}
            >
              <ul aria-label={t`Members`} className="flex flex-col gap-2">
                {memberItems.map((member) => (
                  <li key={member._id} className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary"
                    >
                      {member.name.trim().charAt(0).toUpperCase() || "?"}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span dir="auto" className="block truncate font-medium" title={member.name}>
                        {member.name}
                      </span>
                      <span className="block text-xs text-base-content/60">
                        {member._id === group.u_id
                          ? t`Creator · joined ${joinedWhen(member.joinedAt)}`
                          : t`joined ${joinedWhen(member.joinedAt)}`}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </CommunityList>
          </div>
        </div>
      </aside>

      <EditGroupModal
        open={editOpen}
        onClose={() => setEditOpen(false)}
        token={token}
        group={group}
        onExpired={onExpired}
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

/** /services/groups/:groupId: one study group, its members and its posts. */
export function GroupPage() {
  const { groupId = "" } = useParams();
  return (
    <RequireCommunityToken>
      {(member) => <GroupScreen {...member} groupId={groupId} />}
    </RequireCommunityToken>
  );
}
