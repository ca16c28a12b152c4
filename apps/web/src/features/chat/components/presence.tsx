import { CHAT_MESSAGES } from "@/config/copy.ts";
import { cn } from "@/lib/cn.ts";

/** Green with 'Active Now' while the person has the app open, yellow with 'Inactive Now' otherwise. */
export function Presence({ online, className }: { online: boolean; className?: string }) {
  return (
    <span className={cn("flex items-center gap-1.5 text-xs text-base-content/70", className)}>
      <span
        aria-hidden="true"
        className={cn("inline-block size-2.5 rounded-full", online ? "bg-success" : "bg-warning")}
      />
      {online ? CHAT_MESSAGES.activeNow : CHAT_MESSAGES.inactiveNow}
    </span>
  );
}
