import { t } from "@lingui/core/macro";
import { ArrowUp } from "lucide-react";
import { SCROLL_TOP_AFTER_PX } from "@/config/ui.ts";
import { cn } from "@/lib/cn.ts";
import { useScrolledPast } from "@/lib/use-scrolled-past.ts";

export function ScrollToTop({ className }: { className?: string }) {
  const visible = useScrolledPast(SCROLL_TOP_AFTER_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={t`Scroll to top`}
      className={cn("btn btn-primary btn-circle fixed right-5 bottom-5 z-40 shadow-lg", className)}
      onClick={() => window.scrollTo({ top: 0 })}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
