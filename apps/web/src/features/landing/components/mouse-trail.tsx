import { useEffect, useRef, useState } from "react";
import { MOUSE_TRAIL } from "@/config/ui.ts";

/** Off for reduced motion and for screens without a hovering pointer (touch). */
function trailWanted(): boolean {
  if (!window.matchMedia) return false;
  return (
    !window.matchMedia("(prefers-reduced-motion: reduce)").matches &&
    window.matchMedia("(hover: hover) and (pointer: fine)").matches
  );
}

/**
 * A decorative trail behind the mouse: the last 20 positions, sampled at most every 10 ms, as
 * fading dots at 0.7 opacity. Positions go straight to the dots' styles, not through React state.
 */
export function MouseTrail() {
  const [enabled] = useState(trailWanted);
  const dots = useRef<(HTMLSpanElement | null)[]>([]);

  useEffect(() => {
    if (!enabled) return;
    const points: { x: number; y: number }[] = [];
    let last = 0;
    let frame = 0;
    const draw = () => {
      frame = 0;
      dots.current.forEach((dot, index) => {
        const point = points[points.length - 1 - index];
        if (!dot) return;
        if (!point) {
          dot.style.opacity = "0";
          return;
        }
        const scale = 1 - index / MOUSE_TRAIL.points;
        dot.style.opacity = String(MOUSE_TRAIL.opacity * scale);
        dot.style.transform = `translate3d(${point.x - 6}px, ${point.y - 6}px, 0) scale(${scale})`;
      });
    };
    const onMove = (event: PointerEvent) => {
      if (event.timeStamp - last < MOUSE_TRAIL.sampleMs) return;
      last = event.timeStamp;
      points.push({ x: event.clientX, y: event.clientY });
      if (points.length > MOUSE_TRAIL.points) points.shift();
      if (!frame) frame = requestAnimationFrame(draw);
    };
    window.addEventListener("pointermove", onMove, { passive: true });
    return () => {
      window.removeEventListener("pointermove", onMove);
      cancelAnimationFrame(frame);
    };
  }, [enabled]);

  if (!enabled) return null;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-50 overflow-hidden">
      {Array.from({ length: MOUSE_TRAIL.points }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of dots, never reordered
          key={index}
          ref={(node) => {
            dots.current[index] = node;
          }}
          className="absolute top-0 left-0 size-3 rounded-full bg-primary opacity-0"
        />
      ))}
    </div>
  );
}
