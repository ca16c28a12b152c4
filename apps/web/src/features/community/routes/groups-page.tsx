import {
  COMMUNITY_MESSAGES,
  DEFAULT_GROUP_TAG,
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GROUP_TAGS,
  type GroupBody,
  type GroupTag,
  groupBodySchema,
} from "@kindred/shared";
import { BookOpen, Plus } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { useNavigate } from "react-router";
import { FormError, InputField, SelectField, TextareaField } from "@/components/ui/field.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { EmptyPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useCreateGroup } from "../api/create-group.ts";
import { useGroups } from "../api/get-groups.ts";
import { CommunityHeader } from "../components/community-header.tsx";
import { DeleteItemButton } from "../components/delete-item-button.tsx";
import { RequireCommunityToken } from "../components/require-community-token.tsx";
import type { TokenClaims } from "../lib/community-token.ts";
import { useDeleteOwnItem } from "../lib/use-delete-own-item.ts";

const TAG_STYLE: Record<GroupTag, string> = {
  Math: "badge-primary",
  Programming: "badge-secondary",
  DSA: "badge-accent",
  "Machine Learning": "badge-info",
};

const EMPTY_GROUP: GroupBody = { name: "", description: "", tag: DEFAULT_GROUP_TAG };

function CreateGroupModal({
  open,
  onClose,
  token,
  claims,
  onExpired,
}: {
  open: boolean;
  onClose: () => void;
  token: string;
  claims: TokenClaims;
  onExpired: () => void;
}) {
  const form = useZodForm(groupBodySchema, { defaultValues: EMPTY_GROUP });
  const create = useCreateGroup(token);
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync({ ...values, u_id: claims.id }).then(
      (group) => {
        form.reset(EMPTY_GROUP);
        onClose();
        showToast(`"${group.name}" is created.`, { variant: "success" });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return onExpired();
        showServerError(form, error, "Could not create the group. Please try again.");
      },
    ),
  );
  return (
    <Modal open={open} onClose={onClose} title="Create Group">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
        <InputField
          control={form.control}
          name="name"
          label="Name"
          maxLength={GROUP_NAME_MAX_LENGTH}
        />
        <TextareaField
          control={form.control}
          name="description"
          label="Description"
          rows={4}
          maxLength={GROUP_DESCRIPTION_MAX_LENGTH}
        />
        <SelectField
          control={form.control}
          name="tag"
          label="Topic"
          options={GROUP_TAGS.map((tag) => ({ value: tag, label: tag }))}
        />
        <FormError control={form.control} />
        <SubmitButton pending={create.isPending} className="mt-3 w-full sm:w-auto sm:self-end">
          Create Group
        </SubmitButton>
      </form>
    </Modal>
  );
}

function GroupsScreen({
  token,
  claims,
  leave,
}: {
  token: string;
  claims: TokenClaims;
  leave: () => void;
}) {
  const navigate = useNavigate();
  const groups = useGroups(token);
  const [createOpen, setCreateOpen] = useState(false);

  function expired() {
    leave();
    showToast(COMMUNITY_MESSAGES.sessionExpired, { variant: "error" });
    navigate(paths.community, { replace: true });
  }
  const onListExpired = useEffectEvent(expired);

  useEffect(() => {
    if (groups.error instanceof ApiError && groups.error.status === 401) onListExpired();
  }, [groups.error]);

  const items = groups.data?.pages.flatMap((page) => page.groups) ?? [];
  const remove = useDeleteOwnItem(token, "group", expired);

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <CommunityHeader
        memberName={claims.uname || "Member"}
        onLeave={() => {
          leave();
          showToast("You left the community.", { variant: "info" });
        }}
      />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:py-12">
        <section className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Study Groups</h1>
            <p className="mt-2 text-base-content/70">
              Find people to learn with, or start a group of your own.
            </p>
          </div>
          <button
            type="button"
            className="btn btn-primary shrink-0"
            onClick={() => setCreateOpen(true)}
          >
            <Plus aria-hidden="true" className="size-5" />
            Create Group
          </button>
        </section>
        {groups.isPending ? (
          <LoadingPanel />
        ) : groups.isError ? (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
            <span>Could not load the study groups.</span>
            <button type="button" className="btn btn-sm" onClick={() => groups.refetch()}>
              Try Again
            </button>
          </div>
        ) : items.length === 0 ? (
          <EmptyPanel icon={BookOpen} title={COMMUNITY_MESSAGES.noGroups} />
        ) : (
          <>
            <ul aria-label="Study groups" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((group) => (
                <li key={group._id} className="card border border-base-300 bg-base-100 shadow-sm">
                  <div className="card-body gap-3 p-5">
                    <div className="flex min-h-8 items-start justify-between gap-2">
                      <span className={`badge badge-soft ${TAG_STYLE[group.tag]}`}>
                        {group.tag}
                      </span>
                      {group.u_id === claims.id ? (
                        <DeleteItemButton
                          kind="group"
                          name={group.name}
                          onDelete={() => remove.remove(group._id)}
                          pending={remove.pendingId === group._id}
                        />
                      ) : null}
                    </div>
                    <h2 className="text-lg font-semibold break-words">{group.name}</h2>
                    <p className="break-words whitespace-pre-wrap text-base-content/80">
                      {group.description}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            {groups.hasNextPage ? (
              <div className="mt-6 flex justify-center">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => groups.fetchNextPage()}
                  disabled={groups.isFetchingNextPage}
                >
                  {groups.isFetchingNextPage ? "Loading..." : "Show more groups"}
                </button>
              </div>
            ) : null}
          </>
        )}
      </main>
      <CreateGroupModal
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        token={token}
        claims={claims}
        onExpired={expired}
      />
    </div>
  );
}

/** /services/groups: the study groups, for members with a community token. */
export function GroupsPage() {
  return <RequireCommunityToken>{(member) => <GroupsScreen {...member} />}</RequireCommunityToken>;
}
