import { t } from "@lingui/core/macro";
import { WifiOff } from "lucide-react";
import { useOnline } from "@/lib/use-online.ts";

export const offlineText = () =>
  t`You are offline. What you do now will not be saved until you reconnect.`;

/**
 * A strip under the top bar while the browser is offline. The live region is always there, so
 * the line is announced when it appears.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 bg-warning px-4 py-1.5 text-center text-sm font-medium text-warning-content">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {offlineText()}
        </p>
      )}
    </div>
  );
}
