import { useEffect } from "react";
import { AppToaster, showToast } from "@/components/ui/toast.tsx";
import "sonner/dist/styles.css";

/**
 * The toasts for a visitor of the landing page who was sent there with a sentence to read (the
 * account was just deleted). Loaded only then; the toaster subscribes before the toast is shown
 * because a child's effect runs before its parent's.
 */
export default function LandingNotice({ message }: { message: string }) {
  useEffect(() => {
    showToast(message, { variant: "success" });
  }, [message]);
  return <AppToaster />;
}
