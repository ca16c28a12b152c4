import { LogOut } from "lucide-react";
import { NavLink } from "react-router";
import { BrandHeader } from "@/components/ui/brand-header.tsx";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";

const SECTIONS = [
  { to: paths.community, label: "Posts" },
  { to: paths.groups, label: "Study groups" },
  { to: paths.events, label: "Events" },
] as const;

/** The community's own links: posts, study groups and events. */
export function CommunityNav({ className }: { className?: string }) {
  return (
    <ul className={cn("flex items-center gap-1", className)}>
      {SECTIONS.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            end
            className={({ isActive }) =>
              cn("btn btn-ghost btn-sm", isActive && "btn-active text-primary")
            }
          >
            {section.label}
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
  return (
    <>
      <BrandHeader
        nav={<CommunityNav className="hidden md:flex" />}
        actions={
          memberName ? (
            <div className="flex items-center gap-2">
              <span className="hidden max-w-48 truncate text-sm text-base-content/70 sm:inline">
                {memberName}
              </span>
              <button type="button" className="btn btn-ghost btn-sm" onClick={onLeave}>
                <LogOut aria-hidden="true" className="size-4" />
                Leave community
              </button>
            </div>
          ) : null
        }
      />
      <nav
        aria-label="Community"
        className="border-b border-base-300 bg-base-100 px-3 py-1 md:hidden"
      >
        <CommunityNav className="justify-center" />
      </nav>
    </>
  );
}
