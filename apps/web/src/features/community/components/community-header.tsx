import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Compass } from "lucide-react";
import { Link, NavLink } from "react-router";
import { BrandHeader } from "@/components/ui/brand-header.tsx";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";
import { useMe } from "@/lib/get-me.ts";
import { leaveCommunity } from "../api/leave-community.ts";
import { readToken } from "../lib/community-token.ts";
import { LeaveCommunityButton } from "./leave-community-button.tsx";

const SECTIONS = [
  { to: paths.community, label: msg`Posts` },
  { to: paths.groups, label: msg`Study groups` },
  { to: paths.events, label: msg`Events` },
] as const;

/** The community's own links: posts, study groups and events. */
export function CommunityNav({ className }: { className?: string }) {
  const { i18n } = useLingui();
  return (
    <ul className={cn("flex items-center gap-1", className)}>
      {SECTIONS.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            // Posts is /community itself; groups and events stay lit on their own pages.
            end={section.to === paths.community}
            className={({ isActive }) =>
              cn("btn btn-ghost btn-sm", isActive && "btn-active text-primary")
            }
          >
            {i18n._(section.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

type CommunityHeaderProps = {
  /** The member's name from the token, when there is one. */
  memberName: string | null;
  onLeave: () => void;
};

/** The top bar of the community screens outside the main layout. */
export function CommunityHeader({ memberName, onLeave }: CommunityHeaderProps) {
  // A signed-in person gets the way back to the app beside the community's own links.
  const { t } = useLingui();
  const { data: me } = useMe();
  function leave() {
    // Read before onLeave drops it. The screen does not wait for the server: the token is gone
    // from this browser at once, and the server ends it (and the member's others) when it answers.
    const token = readToken();
    if (token) {
      leaveCommunity(token).catch((error: unknown) => {
        console.warn("The community token could not be ended on the server", error);
      });
    }
    onLeave();
  }

  if (me) {
    // Signed in, the app's own frame (top bar, bell, search, phone tabs) is around the page:
    // the community's links and the member's name sit in a bar of their own under it.
    return (
      <nav
        aria-label={t`Community`}
        className="border-b border-base-300 bg-base-100 px-3 py-1.5 sm:px-6"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
          <CommunityNav />
          {memberName ? (
            <div className="flex items-center gap-2">
              <span
                className="hidden max-w-48 truncate text-sm text-base-content/70 sm:inline"
                title={memberName}
              >
                {memberName}
              </span>
              <LeaveCommunityButton onLeave={leave} />
            </div>
          ) : null}
        </div>
      </nav>
    );
  }

  return (
    <>
      <BrandHeader
        nav={<CommunityNav className="hidden md:flex" />}
        actions={
          memberName ? (
            <div className="flex items-center gap-2">
              {me ? (
                <Link to={paths.home} className="btn btn-ghost btn-sm" title={t`Back to Discover`}>
                  <Compass aria-hidden="true" className="size-4" />
                  <span className="hidden sm:inline">
                    <Trans>Back to Discover</Trans>
                  </span>
                  <span className="sr-only sm:hidden">
                    <Trans>Back to Discover</Trans>
                  </span>
                </Link>
              ) : null}
              <span
                dir="auto"
                className="hidden max-w-48 truncate text-sm text-base-content/70 sm:inline"
                title={memberName}
              >
                {memberName}
              </span>
              <LeaveCommunityButton onLeave={leave} />
            </div>
          ) : null
        }
      />
      <nav
        aria-label={t`Community`}
        className="border-b border-base-300 bg-base-100 px-3 py-1 md:hidden"
      >
        <CommunityNav className="justify-center" />
      </nav>
    </>
  );
}
