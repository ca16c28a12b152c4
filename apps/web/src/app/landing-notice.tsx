import { useEffect } from "react";
import { AppToaster, showToast } from "@/components/ui/toast.tsx";

/**
 * The toasts for a visitor of the landing page who was sent there with a sentence to read (the
 * account was just deleted). Loaded only then; the toast waits for the toaster's code.
 */
export default function LandingNotice({ message }: { message: string }) {
  useEffect(() => {
    showToast(message, { variant: "success" });
  }, [message]);
  return <AppToaster />;
}
