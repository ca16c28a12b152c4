import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MessageCircle, Users } from "lucide-react";
import { Link } from "react-router";
import { PersonTile } from "@/components/ui/person-tile.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { UserListPage } from "@/components/ui/user-list-page.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { useConnections } from "../api/get-connections.ts";

export function ConnectionsPage() {
  const { t } = useLingui();
  const connections = useConnections();
  const count = connections.data?.length ?? 0;
  return (
    <UserListPage
      title={t`Connections`}
      subtitle={
        count > 0
          ? t({
              message: plural(count, {
                one: "You are connected with # person.",
                other: "You are connected with # people.",
              }),
            })
          : t`People you have connected with appear here.`
      }
      items={connections.data}
      isPending={connections.isPending}
      emptyIcon={Users}
      emptyTitle={MESSAGES.noConnections}
      itemKey={(user) => user._id}
      renderItem={(user) => {
        const name = fullName(user);
        return (
          <div className="relative h-full">
            <Link
              to={paths.publicProfile(user.publicId)}
              aria-label={t`Open the profile of ${name}`}
              className="block h-full rounded-box transition-transform focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:hover:-translate-y-0.5"
            >
              <PersonTile user={user} />
            </Link>
            <Link
              to={paths.chatWith(user._id)}
              aria-label={t`Message ${name}`}
              className="btn btn-primary btn-sm absolute top-3 end-3"
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              <Trans>Message</Trans>
            </Link>
          </div>
        );
      }}
    />
  );
}
