import { TOAST_MS } from "@kindred/shared";
import { Toaster, toast } from "sonner";
import { useTheme } from "@/components/ui/theme-toggle.tsx";

export type ToastVariant = "success" | "error" | "info";
export type ToastOptions = { variant?: ToastVariant; durationMs?: number };

/** Shows a toast for the spec's time (3 s unless told otherwise); returns its id. */
export function showToast(message: string, options: ToastOptions = {}): string | number {
  const variant = options.variant ?? "info";
  return toast[variant](message, { duration: options.durationMs ?? TOAST_MS });
}

export function dismissToast(id?: string | number): void {
  toast.dismiss(id);
}

/**
 * Where toasts appear: top centre, below the sticky top bar, so they never cover the
 * navigation (nor the phone's bottom tab bar). Only the newest three stack.
 */
export function AppToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      theme={theme}
      position="top-center"
      offset={{ top: 72 }}
      mobileOffset={{ top: 64, left: 12, right: 12 }}
      richColors
      closeButton
      visibleToasts={3}
      containerAriaLabel="Notifications"
    />
  );
}
