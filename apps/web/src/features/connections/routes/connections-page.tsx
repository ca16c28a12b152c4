import { MESSAGES } from "@kindred/shared";
import { Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { UserCard } from "../../../components/ui/user-card.tsx";
import { paths } from "../../../config/paths.ts";
import { useConnections } from "../api/get-connections.ts";

export function ConnectionsPage() {
  const connections = useConnections();
  // Load errors are ignored as the product does: the list then reads as empty.
  const list = connections.data ?? [];

  let content: ReactNode;
  if (connections.isPending) {
    content = (
      <div className="flex flex-col items-center gap-3 py-16" role="status">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <p className="text-base-content/70">{MESSAGES.loading}</p>
      </div>
    );
  } else if (list.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <Users aria-hidden="true" className="size-14 text-base-content/40" />
        <p className="text-xl font-semibold">{MESSAGES.noConnections}</p>
        <Link to={paths.home} className="btn btn-primary btn-sm mt-2">
          Discover people
        </Link>
      </div>
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
