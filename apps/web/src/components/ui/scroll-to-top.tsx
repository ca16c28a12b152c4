import { t } from "@lingui/core/macro";
import { ArrowUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { SCROLL_TOP_AFTER_PX } from "@/config/ui.ts";
import { cn } from "@/lib/cn.ts";
import { useScrolledPast } from "@/lib/use-scrolled-past.ts";

/** What the button must never cover: a form's submit (its Save) and a marked save row. */
const SAVE_CONTROLS = 'form [type="submit"], [data-save-row]';
/** Room kept around the button, so a Save right beside it stays easy to tap. */
const CLEARANCE_PX = 8;

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return (
    a.left - CLEARANCE_PX < b.right &&
    b.left < a.right + CLEARANCE_PX &&
    a.top - CLEARANCE_PX < b.bottom &&
    b.top < a.bottom + CLEARANCE_PX
  );
}

/**
 * Whether a form's Save is under the button now: checked on scroll, resize and any change to
 * the page (a form that opens, a row that grows), once a frame at most.
 */
function useCoversSave(button: React.RefObject<HTMLButtonElement | null>, active: boolean) {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    if (!active) {
      setCovers(false);
      return;
    }
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = button.current?.getBoundingClientRect();
      if (!own) return;
      const saves = document.querySelectorAll<HTMLElement>(SAVE_CONTROLS);
      setCovers([...saves].some((save) => overlaps(own, save.getBoundingClientRect())));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
    };
  }, [active, button]);
  return covers;
}

/**
 * Back to the top, once the page has scrolled down. It steps aside (hidden, out of the tab
 * order) while a form's Save is under it, so on a phone it never covers the save row.
 */
export function ScrollToTop({ className }: { className?: string }) {
  const scrolled = useScrolledPast(SCROLL_TOP_AFTER_PX);
  const ref = useRef<HTMLButtonElement>(null);
  const covers = useCoversSave(ref, scrolled);
  if (!scrolled) return null;
  return (
    <button
      ref={ref}
      type="button"
      aria-label={t`Scroll to top`}
      aria-hidden={covers || undefined}
      tabIndex={covers ? -1 : undefined}
      // Hidden, not removed: its place is still measured to know when the Save has moved on.
      style={covers ? { visibility: "hidden" } : undefined}
      className={cn("btn btn-primary btn-circle fixed right-5 bottom-5 z-40 shadow-lg", className)}
      onClick={() => window.scrollTo({ top: 0 })}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
