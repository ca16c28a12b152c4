import type { Me } from "@kindred/shared";
import { Compass, Link2, LogOut, UserRound, UserRoundCheck, UsersRound } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { paths } from "../../config/paths.ts";

type UserMenuProps = {
  me: Me;
  onCopyProfileUrl: () => void;
  onLogout: () => void;
};

/** The avatar menu: a menu button that works with the keyboard (arrows, Home/End, Escape). */
export function UserMenu({ me, onCopyProfileUrl, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const name = [me.firstName, me.lastName].filter(Boolean).join(" ");

  function items(): HTMLElement[] {
    const all = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [];
    // Items hidden at this screen width are skipped.
    return [...all].filter(
      (item) => item.parentElement && getComputedStyle(item.parentElement).display !== "none",
    );
  }

  function focusItem(index: number) {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves only when the menu opens
  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function close(returnFocus = true) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusItem(current + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusItem(current - 1);
        break;
      case "Home":
        event.preventDefault();
        focusItem(0);
        break;
      case "End":
        event.preventDefault();
        focusItem(list.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        close();
        break;
      case "Tab":
        close(false);
        break;
    }
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
    }
  }

  const itemClass = "flex w-full items-center gap-3";

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className="btn btn-ghost btn-circle"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={handleButtonKeyDown}
      >
        <Avatar src={me.photoUrl} name={name || me.firstName} />
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA menu pattern on a list
          role="menu"
          aria-label="Account"
          tabIndex={-1}
          onKeyDown={handleMenuKeyDown}
          className="menu absolute right-0 z-50 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl"
        >
          <li role="none" className="md:hidden">
            <Link
              role="menuitem"
              to={paths.home}
              className={itemClass}
              onClick={() => close(false)}
            >
              <Compass aria-hidden="true" className="size-4" />
              Discover
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              to={paths.profile}
              className={`${itemClass} justify-between`}
              onClick={() => close(false)}
            >
              <span className="flex items-center gap-3">
                <UserRound aria-hidden="true" className="size-4" />
                Profile
              </span>
              <span className="badge badge-secondary badge-sm">New</span>
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              to={paths.connections}
              className={itemClass}
              onClick={() => close(false)}
            >
              <UsersRound aria-hidden="true" className="size-4" />
              Connections
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              to={paths.requests}
              className={itemClass}
              onClick={() => close(false)}
            >
              <UserRoundCheck aria-hidden="true" className="size-4" />
              Requests
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={itemClass}
              onClick={() => {
                close();
                onCopyProfileUrl();
              }}
            >
              <Link2 aria-hidden="true" className="size-4" />
              Copy Profile URL
            </button>
          </li>
          <li role="none" className="mt-1 border-t border-base-300 pt-1">
            <button
              type="button"
              role="menuitem"
              className={`${itemClass} text-error`}
              onClick={() => {
                close(false);
                onLogout();
              }}
            >
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
