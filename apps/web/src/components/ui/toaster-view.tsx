import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import "sonner/dist/styles.css";
import type { ToastAction, ToastVariant } from "./toast.tsx";

// Sonner and its styles, loaded apart from the screens (components/ui/toast.tsx): no screen needs
// them to draw itself, only to answer what the person did.

/** A toast as components/ui/toast.tsx asks for it, with the id it already gave the caller. */
export type ToastRequest = {
  id: string;
  message: string;
  variant: ToastVariant;
  durationMs: number;
  action?: ToastAction;
};

export function showNow({ id, message, variant, durationMs, action }: ToastRequest): void {
  toast[variant](message, { id, duration: durationMs, action });
}

export function dismissNow(id?: string): void {
  toast.dismiss(id);
}

// Just above the phone tab bar (daisyUI's dock-md: 4rem plus the safe area).
const ABOVE_TAB_BAR = "calc(4.5rem + env(safe-area-inset-bottom))";

/**
 * Sonner's toaster, placed by components/ui/toast.tsx. `onListening` runs once it listens for
 * toasts: its own effect, a child's, has run before this one.
 */
export function ToasterView({
  theme,
  wide,
  onListening,
}: {
  theme: "light" | "dark";
  wide: boolean;
  onListening: () => () => void;
}) {
  useEffect(onListening, [onListening]);
  return (
    <Toaster
      theme={theme}
      position={wide ? "top-center" : "bottom-center"}
      offset={{ top: 72, bottom: ABOVE_TAB_BAR }}
      mobileOffset={{ bottom: ABOVE_TAB_BAR, left: 12, right: 12 }}
      richColors
      closeButton
      expand
      visibleToasts={3}
      containerAriaLabel="Notifications"
      // A long name without spaces wraps inside the toast instead of pushing it wider.
      toastOptions={{ classNames: { title: "[overflow-wrap:anywhere]" } }}
    />
  );
}
