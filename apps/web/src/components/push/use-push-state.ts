import { useCallback, useEffect, useState } from "react";
import { type PushState, readPushState } from "@/lib/push.ts";

/**
 * Where push stands on this device ("loading" until the browser has answered), kept current
 * when the person changes the site's notification permission in the browser.
 */
export function usePushState() {
  const [state, setState] = useState<PushState | "loading">("loading");
  const refresh = useCallback(async () => {
    const next = await readPushState();
    setState(next);
    return next;
  }, []);

  useEffect(() => {
    void refresh();
    let status: PermissionStatus | undefined;
    const onChange = () => void refresh();
    navigator.permissions
      ?.query({ name: "notifications" })
      .then((result) => {
        status = result;
        status.addEventListener("change", onChange);
      })
      .catch(() => {
        // Browsers without the Permissions API: the state is read again after each toggle.
      });
    return () => status?.removeEventListener("change", onChange);
  }, [refresh]);

  return { state, refresh };
}
