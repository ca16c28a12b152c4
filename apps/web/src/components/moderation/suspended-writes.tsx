import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { dismissToast, showToast } from "@/components/ui/toast.tsx";
import { onSuspendedWrite, onUnverifiedWrite } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

/**
 * Any write the server refuses because the account is suspended shows the server's sentence,
 * once (not one toast per refused call), and the notice comes up from a fresh Me.
 */
export function SuspendedWrites() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let shown: string | undefined;
    return onSuspendedWrite((error) => {
      if (shown) dismissToast(shown);
      shown = showToast(error.message, { variant: "error" });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    });
  }, [queryClient]);
  return null;
}

/**
 * Any write refused until the email is verified says so once (the server's sentence says what to
 * do), and the banner with the code field comes back from a fresh Me.
 */
export function UnverifiedWrites() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let shown: string | undefined;
    return onUnverifiedWrite((error) => {
      if (shown) dismissToast(shown);
      shown = showToast(error.message, { variant: "error" });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      document.getElementById("email-verification-code")?.focus();
    });
  }, [queryClient]);
  return null;
}
