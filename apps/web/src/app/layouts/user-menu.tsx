import { type Me, MIN_SKILLS } from "@kindred/shared";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import {
  Compass,
  Link2,
  LogOut,
  Settings,
  UserRound,
  UserRoundCheck,
  UsersRound,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "@/components/ui/avatar.tsx";
import { paths } from "@/config/paths.ts";
import { cn } from "@/lib/cn.ts";

type UserMenuProps = {
  me: Me;
  onCopyProfileUrl: () => void;
  onLogout: () => void;
};

const AVATAR_PATH = "/api/avatars/";

/**
 * A profile is complete when others can see who the person is: a photo or an about text, an
 * age, a gender and at least the minimum number of skills. Until then Profile carries "New".
 */
export function isProfileComplete(
  me: Pick<Me, "photoUrl" | "photo" | "about" | "age" | "gender" | "skills">,
): boolean {
  // Without a photo of their own, a person's photoUrl is the generated avatar's address.
  const ownPhoto =
    Boolean(me.photo) || (me.photoUrl !== "" && !me.photoUrl.startsWith(AVATAR_PATH));
  const pictured = ownPhoto || me.about.trim() !== "";
  return pictured && me.age !== null && me.gender !== null && me.skills.length >= MIN_SKILLS;
}

/** The clearly visible keyboard focus every item and the trigger share. */
const FOCUS_RING =
  "outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:ring-offset-base-100";

const ITEM_CLASS = cn(
  "flex w-full cursor-pointer items-center gap-3 rounded-field px-3 py-2 text-sm select-none",
  "data-[highlighted]:bg-base-200",
  FOCUS_RING,
  "data-[highlighted]:ring-2 data-[highlighted]:ring-primary",
);

function LinkItem({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <DropdownMenu.Item asChild className={cn(ITEM_CLASS, className)}>
      <Link to={to}>{children}</Link>
    </DropdownMenu.Item>
  );
}

/** The avatar menu (Radix: arrows, Home/End, typeahead, Escape, focus returned to the button). */
export function UserMenu({ me, onCopyProfileUrl, onLogout }: UserMenuProps) {
  const name = [me.firstName, me.lastName].filter(Boolean).join(" ");
  return (
    // Not modal: a modal menu locks scrolling with an injected <style>, which the CSP forbids.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Open account menu"
        className={cn("btn btn-ghost btn-circle", FOCUS_RING)}
      >
        <Avatar
          src={me.photoUrl}
          photo={me.photo}
          name={name || me.firstName}
          userId={me._id}
          loading="eager"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-box border border-base-300 bg-base-100 p-2 text-base-content shadow-xl"
        >
          <LinkItem to={paths.home} className="md:hidden">
            <Compass aria-hidden="true" className="size-4" />
            Discover
          </LinkItem>
          <LinkItem to={paths.profile} className="justify-between">
            <span className="flex items-center gap-3">
              <UserRound aria-hidden="true" className="size-4" />
              Profile
            </span>
            {isProfileComplete(me) ? null : (
              <span className="badge badge-secondary badge-sm">New</span>
            )}
          </LinkItem>
          <LinkItem to={paths.connections}>
            <UsersRound aria-hidden="true" className="size-4" />
            Connections
          </LinkItem>
          <LinkItem to={paths.requests}>
            <UserRoundCheck aria-hidden="true" className="size-4" />
            Requests
          </LinkItem>
          <DropdownMenu.Item className={ITEM_CLASS} onSelect={onCopyProfileUrl}>
            <Link2 aria-hidden="true" className="size-4" />
            Copy Profile URL
          </DropdownMenu.Item>
          <LinkItem to={paths.settings}>
            <Settings aria-hidden="true" className="size-4" />
            Settings
          </LinkItem>
          <DropdownMenu.Separator className="my-1 h-px bg-base-300" />
          <DropdownMenu.Item className={cn(ITEM_CLASS, "text-error")} onSelect={onLogout}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
