import { Trans, useLingui } from "@lingui/react/macro";
import { BookOpen, Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { COMMUNITY_MESSAGES } from "@/config/copy.ts";
import { useGroups } from "../api/get-groups.ts";
import { CommunityFrame } from "../components/community-frame.tsx";
import { CommunityList } from "../components/community-list.tsx";
import { GroupCard } from "../components/group-card.tsx";
import { PageIntro } from "../components/page-intro.tsx";
import {
  type CommunityMemberSession,
  RequireCommunityToken,
} from "../components/require-community-token.tsx";
import { useDeleteOwnItem } from "../lib/use-delete-own-item.ts";
import { useExpiryOf, useLeaveOnExpiry } from "../lib/use-session-expiry.ts";

const CreateGroupModal = lazy(async () => ({
  default: (await import("../components/create-group-modal.tsx")).CreateGroupModal,
}));

function GroupsScreen({ token, claims, leave }: CommunityMemberSession) {
  const groups = useGroups(token);
  const { t } = useLingui();
  const [createOpen, setCreateOpen] = useState(false);
  // The form loads when first opened: the list paints without it (and zod).
  const [createMounted, setCreateMounted] = useState(false);
  if (createOpen && !createMounted) setCreateMounted(true);
  const expired = useLeaveOnExpiry(leave);
  useExpiryOf(groups.error, expired);
  const items = groups.data?.pages.flatMap((page) => page.groups) ?? [];
  const remove = useDeleteOwnItem(token, "group", expired);

  return (
    <CommunityFrame memberName={claims.uname || t`Member`} leave={leave}>
      <PageIntro
        title={t`Study Groups`}
        action={{ label: t`Create Group`, icon: Plus, onClick: () => setCreateOpen(true) }}
      >
        <Trans>Find people to learn with, or start a group of your own.</Trans>
      </PageIntro>
      <CommunityList
        query={groups}
        empty={items.length === 0}
        failure={t`Could not load the study groups.`}
        emptyIcon={BookOpen}
        emptyTitle={COMMUNITY_MESSAGES.noGroups}
        moreLabel={t`Show more groups`}
      >
        <ul aria-label={t`Study groups`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((group) => (
            <GroupCard
              key={group._id}
              group={group}
              onDelete={remove.ifOwn(group.u_id === claims.id, group._id, group.name)}
            />
          ))}
        </ul>
      </CommunityList>
      {createMounted ? (
        <Suspense fallback={null}>
          <CreateGroupModal
            open={createOpen}
            onClose={() => setCreateOpen(false)}
            token={token}
            claims={claims}
            onExpired={expired}
          />
        </Suspense>
      ) : null}
    </CommunityFrame>
  );
}

/** /services/groups: the study groups, for members with a community token. */
export function GroupsPage() {
  return <RequireCommunityToken>{(member) => <GroupsScreen {...member} />}</RequireCommunityToken>;
}
