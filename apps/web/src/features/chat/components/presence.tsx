import { useLingui } from "@/i18n/runtime.tsx";
import { cn } from "@/lib/cn.ts";
import { CHAT_COPY } from "../lib/chat-copy.ts";

/** Green with 'Active Now' while the person has the app open, yellow with 'Inactive Now' otherwise. */
export function Presence({ online, className }: { online: boolean; className?: string }) {
  const { _ } = useLingui();
  return (
    <span className={cn("flex items-center gap-1.5 text-xs text-base-content/70", className)}>
      <span
        aria-hidden="true"
        className={cn("inline-block size-2.5 rounded-full", online ? "bg-success" : "bg-warning")}
      />
      {_(online ? CHAT_COPY.activeNow : CHAT_COPY.inactiveNow)}
    </span>
  );
}
