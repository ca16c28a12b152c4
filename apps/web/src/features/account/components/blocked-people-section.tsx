import type { Card } from "@kindred/shared";
import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar.tsx";
import { ErrorPanel, LoadingPanel } from "@/components/ui/status-panel.tsx";
import { useBlocked } from "../api/get-blocked.ts";
import { useUnblock } from "../api/unblock.ts";
import { SettingsCard } from "./settings-card.tsx";

function nameOf(user: Card): string {
  return `${user.firstName} ${user.lastName}`.trim() || "Unnamed";
}

function BlockedRow({ user }: { user: Card }) {
  const unblock = useUnblock();
  const name = nameOf(user);
  return (
    <li className="flex min-w-0 items-center gap-3 py-3">
      <Avatar src={user.photoUrl} photo={user.photo} name={name} userId={user._id} size="md" />
      <p className="min-w-0 flex-1 truncate font-medium" title={name}>
        {name}
      </p>
      <button
        type="button"
        className="btn btn-sm btn-outline shrink-0"
        aria-label={`Unblock ${name}`}
        onClick={() => unblock.mutate({ userId: user._id, name })}
      >
        Unblock
      </button>
    </li>
  );
}

/**
 * Settings, "Blocked people": whom I blocked, each with Unblock. Unblocking lets the two see each
 * other again (in the feed, search), but does not bring a connection or a conversation back.
 */
export function BlockedPeopleSection() {
  const blocked = useBlocked();
  let content: ReactNode;
  if (blocked.isPending) {
    content = <LoadingPanel />;
  } else if (blocked.isError) {
    content = (
      <ErrorPanel
        title="Couldn't load the people you blocked."
        onRetry={() => void blocked.refetch()}
        retrying={blocked.isFetching}
      />
    );
  } else if (blocked.data.length === 0) {
    content = (
      <div className="flex items-center gap-3 rounded-box bg-base-200 p-4">
        <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-base-content/60" />
        <p className="text-sm">
          You haven't blocked anyone. Blocking someone from a conversation hides you from each other
          everywhere.
        </p>
      </div>
    );
  } else {
    content = (
      <ul aria-label="Blocked people" className="divide-y divide-base-300">
        {blocked.data.map((user) => (
          <BlockedRow key={user._id} user={user} />
        ))}
      </ul>
    );
  }
  return (
    <SettingsCard
      title="Blocked people"
      lead="People you blocked can't see you, message you or find you. Unblocking them does not reconnect you."
    >
      {content}
    </SettingsCard>
  );
}
