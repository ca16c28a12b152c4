import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * Whether the element has come within `margin` of the view (once true, it stays true). Lets a
 * page load a part far below the fold only when the reader scrolls towards it; without
 * IntersectionObserver it is true at once.
 */
export function useNearView<T extends HTMLElement>(
  margin = "800px",
): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin]);
  return [ref, near];
}
