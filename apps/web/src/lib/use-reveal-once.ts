import { type RefObject, useEffect, useRef } from "react";
import { REVEAL_DURATION_MS } from "@/config/ui.ts";

const KEYFRAMES: Keyframe[] = [
  { opacity: 0, transform: "translateY(16px)" },
  { opacity: 1, transform: "none" },
];

/**
 * Plays a 0.5 s rise-in the first time the element enters the view (spec: animate once). The
 * element is never hidden by a style: only the animation starts from transparent, so with reduced
 * motion, without IntersectionObserver or in a full-page capture the content is simply there.
 */
export function useRevealOnce<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (
      !element ||
      typeof IntersectionObserver === "undefined" ||
      typeof element.animate !== "function" ||
      window.matchMedia?.("(prefers-reduced-motion: reduce)").matches
    ) {
      return;
    }
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      element.animate(KEYFRAMES, { duration: REVEAL_DURATION_MS, easing: "ease-out" });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}
