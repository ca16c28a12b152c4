import { MESSAGES } from "@kindred/shared";
import { Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyPanel, LoadingPanel } from "../../../components/ui/status-panel.tsx";
import { UserCard } from "../../../components/ui/user-card.tsx";
import { paths } from "../../../config/paths.ts";
import { useConnections } from "../api/get-connections.ts";

export function ConnectionsPage() {
  const connections = useConnections();
  // Load errors are ignored as the product does: the list then reads as empty.
  const list = connections.data ?? [];

  let content: ReactNode;
  if (connections.isPending) {
    content = <LoadingPanel />;
  } else if (list.length === 0) {
    content = (
      <EmptyPanel icon={Users} title={MESSAGES.noConnections}>
        <Link to={paths.home} className="btn btn-primary btn-sm mt-2">
          Discover people
        </Link>
      </EmptyPanel>
    );
  } else {
    content = (
      <ul className="grid w-full grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((user) => (
          <li key={user._id} className="mx-auto w-full max-w-[400px]">
            <UserCard compact user={user} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col items-center gap-8 px-4 py-6 sm:py-10">
      <header className="text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">Connections</h1>
        <p className="mt-2 text-base-content/70">
          {list.length > 0
            ? `You are connected with ${list.length} ${list.length === 1 ? "person" : "people"}.`
            : "People you have connected with appear here."}
        </p>
      </header>
      {content}
    </section>
  );
}
