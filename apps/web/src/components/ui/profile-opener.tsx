import { lazy, type ReactNode, Suspense, useState } from "react";
import { cn } from "@/lib/cn.ts";
import type { ProfileUser } from "./profile-dialog.tsx";
import { fullName } from "./user-card.tsx";

// The dialog (and the modal under it) loads at the first open: the feed's first screen does not
// need it.
const ProfileDialog = lazy(async () => ({
  default: (await import("./profile-dialog.tsx")).ProfileDialog,
}));

/**
 * A person's name (or photo) as a button that opens their whole profile in a dialog; Enter or
 * Space open it from the keyboard, Escape closes it and focus comes back here.
 */
export function ProfileOpener({
  user,
  children,
  className,
}: {
  user: ProfileUser;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const name = fullName(user) || "Unnamed";
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Open the profile of ${name}`}
        className={cn(
          "cursor-pointer text-left hover:underline focus-visible:underline",
          className,
        )}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        // A press here is not the start of a swipe.
        onPointerDown={(event) => event.stopPropagation()}
      >
        {children}
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <ProfileDialog user={user} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
