import { useSyncExternalStore } from "react";
import { Toaster, toast } from "sonner";
import { useTheme } from "@/components/ui/theme-toggle.tsx";
import { TOAST_MS } from "@/config/ui.ts";

export type ToastVariant = "success" | "error" | "info";
export type ToastAction = { label: string; onClick: () => void };
export type ToastOptions = { variant?: ToastVariant; durationMs?: number; action?: ToastAction };

/** Shows a toast for the spec's time (3 s unless told otherwise); returns its id. */
export function showToast(message: string, options: ToastOptions = {}): string | number {
  const variant = options.variant ?? "info";
  return toast[variant](message, {
    duration: options.durationMs ?? TOAST_MS,
    action: options.action,
  });
}

export function dismissToast(id?: string | number): void {
  toast.dismiss(id);
}

// The width from which the top bar carries the sections and the phone tab bar is gone (md).
const WIDE_SCREEN = "(min-width: 768px)";
// Just above the phone tab bar (daisyUI's dock-md: 4rem plus the safe area).
const ABOVE_TAB_BAR = "calc(4.5rem + env(safe-area-inset-bottom))";

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia?.(WIDE_SCREEN);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

function isWideScreen(): boolean {
  return window.matchMedia?.(WIDE_SCREEN).matches ?? true;
}

/**
 * Where toasts appear, never over navigation: on wide screens top centre, below the sticky top
 * bar; on phones at the bottom, just above the tab bar, because right under the top bar sits
 * each screen's own header with its Back link (a conversation's). The newest three show one
 * under the other, not stacked behind each other, so each failure's Retry stays in reach.
 */
export function AppToaster() {
  const { theme } = useTheme();
  const wide = useSyncExternalStore(subscribeToWidth, isWideScreen);
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
