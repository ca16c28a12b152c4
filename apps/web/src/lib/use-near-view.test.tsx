import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNearView } from "./use-near-view.ts";

function Slot() {
  const [ref, near] = useNearView<HTMLDivElement>("500px");
  return <div ref={ref}>{near ? "loaded" : "waiting"}</div>;
}

describe("useNearView", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("stays false until the element comes within the margin, then stays true", () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    let options: IntersectionObserverInit | undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      "IntersectionObserver",
      vi.fn(function (this: object, callback: typeof report, init: IntersectionObserverInit) {
        report = callback;
        options = init;
        return { observe: vi.fn(), disconnect };
      }),
    );
    render(<Slot />);
    expect(screen.getByText("waiting")).toBeInTheDocument();
    expect(options?.rootMargin).toBe("500px 0px");

    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.getByText("waiting")).toBeInTheDocument();
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.getByText("loaded")).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it("is true at once without IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Slot />);
    expect(screen.getByText("loaded")).toBeInTheDocument();
  });
});
