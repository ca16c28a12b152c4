import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MOUSE_TRAIL } from "@/config/ui.ts";
import { preferReducedMotion } from "@/test/reduced-motion.ts";
import { MouseTrail } from "./mouse-trail.tsx";

const MOUSE = "(hover: hover) and (pointer: fine)";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("MouseTrail", () => {
  it("follows a mouse with its dots", () => {
    preferReducedMotion(false, [MOUSE]);
    const { container } = render(<MouseTrail />);
    expect(container.querySelectorAll("span")).toHaveLength(MOUSE_TRAIL.points);
  });

  it("draws nothing with reduced motion, even for a mouse", () => {
    preferReducedMotion(true, [MOUSE]);
    const { container } = render(<MouseTrail />);
    expect(container).toBeEmptyDOMElement();
  });
});
