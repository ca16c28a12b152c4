import type { Me } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Avatar } from "@/components/ui/avatar.tsx";
import { afterScreenSettled } from "@/lib/after-screen-settled.ts";
import { cn } from "@/lib/cn.ts";
import { optionalModule } from "@/lib/optional-module.ts";

export type AccountMenuProps = {
  me: Me;
  onCopyProfileUrl: () => void;
  onLogout: () => void;
};

/** The clearly visible keyboard focus every item and the button share. */
export const FOCUS_RING =
  "outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:ring-offset-base-100";

export const MENU_BUTTON_CLASS = cn("btn btn-ghost btn-circle", FOCUS_RING);

/** The person's avatar on the menu's button. */
export function MenuButtonFace({ me }: { me: Me }) {
  const name = [me.firstName, me.lastName].filter(Boolean).join(" ");
  return (
    <Avatar
      src={me.photoUrl}
      photo={me.photo}
      name={name || me.firstName}
      userId={me._id}
      loading="eager"
    />
  );
}

/** How the button was pressed before the menu had loaded. */
export type OpenedWith = "pointer" | "keyboard";

const menuModule = optionalModule(() => import("./user-menu.tsx"));

/**
 * The avatar button comes with the screen; the menu behind it (Radix, a fifth of a screen's
 * code) loads once the screen has settled, or as soon as a pointer or the keyboard reaches the
 * button, so no screen waits for it. A press that comes first opens the menu as soon as it has
 * loaded, and keyboard focus stays on the button. If the code cannot load (offline), the button
 * stays and the next press tries again.
 */
export function AccountMenu(props: AccountMenuProps) {
  const queryClient = useQueryClient();
  const [menu, setMenu] = useState(menuModule.current);
  const [pressed, setPressed] = useState<OpenedWith | null>(null);
  const hadFocus = useRef(false);
  const load = useCallback(
    () => void menuModule.load().then((loaded) => loaded && setMenu(loaded)),
    [],
  );
  useEffect(() => afterScreenSettled(queryClient, load), [queryClient, load]);

  if (menu) return <menu.UserMenu {...props} openedWith={pressed} hadFocus={hadFocus} />;
  return (
    <button
      type="button"
      aria-label={t`Open account menu`}
      aria-haspopup="menu"
      aria-expanded={false}
      className={MENU_BUTTON_CLASS}
      onPointerEnter={load}
      onFocus={() => {
        hadFocus.current = true;
        load();
      }}
      // Focus that moves to another element is gone; focus lost as the button is replaced is not.
      onBlur={(event) => {
        if (event.relatedTarget) hadFocus.current = false;
      }}
      onPointerDown={(event) => {
        load();
        if (event.button === 0) setPressed("pointer");
      }}
      // A click with no pointer behind it (detail 0) is Enter or Space.
      onClick={(event) => {
        load();
        setPressed((was) => was ?? (event.detail === 0 ? "keyboard" : "pointer"));
      }}
    >
      <MenuButtonFace me={props.me} />
    </button>
  );
}
