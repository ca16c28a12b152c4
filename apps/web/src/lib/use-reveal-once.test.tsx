import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { preferReducedMotion } from "@/test/reduced-motion.ts";
import { useRevealOnce } from "./use-reveal-once.ts";

function Revealed() {
  const ref = useRevealOnce<HTMLDivElement>();
  return <div ref={ref}>Private by default</div>;
}

/** Brings every observed element into view, as a scroll would. */
let enterView: () => void = () => {};
const animate = vi.fn();

beforeEach(() => {
  enterView = () => {};
  animate.mockClear();
  HTMLElement.prototype.animate = animate;
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        enterView = () =>
          this.callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
      }
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLElement.prototype, "animate");
});

describe("useRevealOnce", () => {
  it("rises the element in once, when it enters the view", () => {
    preferReducedMotion(false);
    render(<Revealed />);
    expect(animate).not.toHaveBeenCalled();
    enterView();
    expect(animate).toHaveBeenCalledTimes(1);
  });

  it("with reduced motion, shows the element as it is and never animates it", () => {
    preferReducedMotion();
    render(<Revealed />);
    enterView();
    expect(animate).not.toHaveBeenCalled();
  });
});
