import { SCROLL_TOP_AFTER_PX } from "@kindred/shared";
import { ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      className="btn btn-primary btn-circle fixed right-5 bottom-5 z-40 shadow-lg"
      onClick={() => window.scrollTo({ top: 0 })}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
