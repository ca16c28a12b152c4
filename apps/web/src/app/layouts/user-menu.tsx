import { type Me, MIN_SKILLS } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import {
  Compass,
  Link2,
  LogOut,
  Settings,
  ShieldCheck,
  UserRound,
  UserRoundCheck,
  UsersRound,
} from "lucide-react";
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { useOpenCaseCount } from "@/features/moderation/api/get-open-count.ts";
import { cn } from "@/lib/cn.ts";
import {
  type AccountMenuProps,
  FOCUS_RING,
  MENU_BUTTON_CLASS,
  MenuButtonFace,
  type OpenedWith,
} from "./account-menu.tsx";

type UserMenuProps = AccountMenuProps & {
  /** Open at once: the person pressed the button before the menu had loaded. */
  openedWith: OpenedWith | null;
  /** True while the button this one replaces had the keyboard focus. */
  hadFocus: RefObject<boolean>;
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

/** Moderators and admins: the queue, with the number of open cases. */
function ModerationItem() {
  const openCount = useOpenCaseCount(true).data ?? 0;
  return (
    <LinkItem to={paths.moderation} className="justify-between">
      <span className="flex items-center gap-3">
        <ShieldCheck aria-hidden="true" className="size-4" />
        <Trans>Moderation</Trans>
      </span>
      {openCount > 0 ? (
        <span className="badge badge-secondary badge-sm">
          {openCount}
          <span className="sr-only">
            {" "}
            <Trans>open cases</Trans>
          </span>
        </span>
      ) : null}
    </LinkItem>
  );
}

/** The avatar menu (Radix: arrows, Home/End, typeahead, Escape, focus returned to the button). */
export function UserMenu({ me, onCopyProfileUrl, onLogout, openedWith, hadFocus }: UserMenuProps) {
  const defaultOpen = openedWith !== null;
  // Opened from the keyboard before it loaded: the first item takes focus, as when the keyboard
  // opens it (after Radix has focused the menu itself).
  const focusedFirst = useRef(false);
  const focusFirstItemOnce = (content: HTMLDivElement | null) => {
    if (!content || openedWith !== "keyboard" || focusedFirst.current) return;
    focusedFirst.current = true;
    requestAnimationFrame(() => content.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
  };
  const trigger = useRef<HTMLButtonElement>(null);
  // Keyboard focus stays where it was when this button takes the plain one's place.
  useLayoutEffect(() => {
    if (hadFocus.current && !defaultOpen) trigger.current?.focus();
  }, [hadFocus, defaultOpen]);
  return (
    // Not modal: a modal menu locks scrolling with an injected <style>, which the CSP forbids,
    // and a menu needs no scroll lock.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={t`Open account menu`}
        className={MENU_BUTTON_CLASS}
      >
        <MenuButtonFace me={me} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          ref={focusFirstItemOnce}
          className="z-50 w-60 rounded-box border border-base-300 bg-base-100 p-2 text-base-content shadow-xl"
        >
          <LinkItem to={paths.home} className="md:hidden">
            <Compass aria-hidden="true" className="size-4" />
            <Trans>Discover</Trans>
          </LinkItem>
          <LinkItem to={paths.profile} className="justify-between">
            <span className="flex items-center gap-3">
              <UserRound aria-hidden="true" className="size-4" />
              <Trans>Profile</Trans>
            </span>
            {isProfileComplete(me) ? null : (
              <span className="badge badge-secondary badge-sm">
                <Trans>New</Trans>
              </span>
            )}
          </LinkItem>
          <LinkItem to={paths.connections}>
            <UsersRound aria-hidden="true" className="size-4" />
            <Trans>Connections</Trans>
          </LinkItem>
          <LinkItem to={paths.requests}>
            <UserRoundCheck aria-hidden="true" className="size-4" />
            <Trans>Requests</Trans>
          </LinkItem>
          <DropdownMenu.Item className={ITEM_CLASS} onSelect={onCopyProfileUrl}>
            <Link2 aria-hidden="true" className="size-4" />
            <Trans>Copy Profile URL</Trans>
          </DropdownMenu.Item>
          <LinkItem to={paths.settings}>
            <Settings aria-hidden="true" className="size-4" />
            <Trans>Settings</Trans>
          </LinkItem>
          {me.role === "member" ? null : <ModerationItem />}
          <DropdownMenu.Separator className="my-1 h-px bg-base-300" />
          <DropdownMenu.Item className={cn(ITEM_CLASS, "text-error")} onSelect={onLogout}>
            <LogOut aria-hidden="true" className="size-4" />
            <Trans>Logout</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
