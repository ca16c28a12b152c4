import { MessageCircle, Users } from "lucide-react";
import { Link } from "react-router";
import { PersonTile } from "@/components/ui/person-tile.tsx";
import { fullName } from "@/components/ui/user-card.tsx";
import { UserListPage } from "@/components/ui/user-list-page.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { useConnections } from "../api/get-connections.ts";

export function ConnectionsPage() {
  const connections = useConnections();
  const count = connections.data?.length ?? 0;
  return (
    <UserListPage
      title="Connections"
      subtitle={
        count > 0
          ? `You are connected with ${count} ${count === 1 ? "person" : "people"}.`
          : "People you have connected with appear here."
      }
      items={connections.data}
      isPending={connections.isPending}
      emptyIcon={Users}
      emptyTitle={MESSAGES.noConnections}
      itemKey={(user) => user._id}
      renderItem={(user) => (
        <div className="relative h-full">
          <Link
            to={paths.publicProfile(user.publicId)}
            aria-label={`Open the profile of ${fullName(user)}`}
            className="block h-full rounded-box transition-transform focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:hover:-translate-y-0.5"
          >
            <PersonTile user={user} />
          </Link>
          <Link
            to={paths.chatWith(user._id)}
            aria-label={`Message ${fullName(user)}`}
            className="btn btn-primary btn-sm absolute top-3 right-3"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            Message
          </Link>
        </div>
      )}
    />
  );
}
