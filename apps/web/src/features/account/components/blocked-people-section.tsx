import type { Card } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar.tsx";
import { ErrorPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { useBlocked } from "../api/get-blocked.ts";
import { useUnblock } from "../api/unblock.ts";
import { SettingsCard } from "./settings-card.tsx";

function BlockedRow({ user }: { user: Card }) {
  const { t } = useLingui();
  const unblock = useUnblock();
  const name = `${user.firstName} ${user.lastName}`.trim() || t`Unnamed`;
  return (
    <li className="flex min-w-0 items-center gap-3 py-3">
      <Avatar src={user.photoUrl} photo={user.photo} name={name} userId={user._id} size="md" />
      <p className="min-w-0 flex-1 truncate font-medium" title={name} dir="auto">
        {name}
      </p>
      <button
        type="button"
        className="btn btn-sm btn-outline shrink-0"
        aria-label={t`Unblock ${name}`}
        onClick={() => unblock.mutate({ userId: user._id, name })}
      >
        <Trans>Unblock</Trans>
      </button>
    </li>
  );
}

/**
 * Settings, "Blocked people": whom I blocked, each with Unblock. Unblocking lets the two see each
 * other again (in the feed, search), but does not bring a connection or a conversation back.
 */
export function BlockedPeopleSection() {
  const { t } = useLingui();
  const blocked = useBlocked();
  let content: ReactNode;
  if (blocked.isPending) {
    content = <LoadingPanel />;
  } else if (blocked.isError) {
    content = (
      <ErrorPanel
        title={t`Couldn't load the people you blocked.`}
        onRetry={() => void blocked.refetch()}
        retrying={blocked.isFetching}
      />
    );
  } else if (blocked.data.length === 0) {
    content = (
      <div className="flex items-center gap-3 rounded-box bg-base-200 p-4">
        <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-base-content/60" />
        <p className="text-sm">
          <Trans>
            You haven't blocked anyone. Blocking someone from a conversation hides you from each
            other everywhere.
          </Trans>
        </p>
      </div>
    );
  } else {
    content = (
      <ul aria-label={t`Blocked people`} className="divide-y divide-base-300">
        {blocked.data.map((user) => (
          <BlockedRow key={user._id} user={user} />
        ))}
      </ul>
    );
  }
  return (
    <SettingsCard
      title={t`Blocked people`}
      lead={t`People you blocked can't see you, message you or find you. Unblocking them does not reconnect you.`}
    >
      {content}
    </SettingsCard>
  );
}
