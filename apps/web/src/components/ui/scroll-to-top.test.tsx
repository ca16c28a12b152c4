import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScrollToTop } from "./scroll-to-top.tsx";

/** A box as getBoundingClientRect gives it. */
function box(left: number, top: number, width: number, height: number): DOMRect {
  return DOMRect.fromRect({ x: left, y: top, width, height });
}

/** The button's place on a 390 x 844 phone: bottom right, above the tab bar. */
const BUTTON = box(322, 716, 48, 48);

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}

function place(element: HTMLElement, rect: DOMRect) {
  element.getBoundingClientRect = () => rect;
}

/** Runs the frame the button's check waits for. */
async function nextFrame() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  });
}

afterEach(() => {
  scrollTo(0);
});

describe("ScrollToTop", () => {
  it("shows once the page has scrolled down", () => {
    render(<ScrollToTop />);
    expect(screen.queryByRole("button", { name: "Scroll to top" })).not.toBeInTheDocument();
    scrollTo(800);
    expect(screen.getByRole("button", { name: "Scroll to top" })).toBeVisible();
  });

  it("steps aside while a form's Save is under it at 390 px, and comes back after", async () => {
    render(
      <>
        <form aria-label="Profile">
          <button type="submit">Save</button>
        </form>
        <ScrollToTop />
      </>,
    );
    place(screen.getByRole("button", { name: "Save" }), box(16, 2000, 358, 48));
    scrollTo(800);
    place(screen.getByRole("button", { name: "Scroll to top" }), BUTTON);
    await nextFrame();
    expect(screen.getByRole("button", { name: "Scroll to top" })).toBeVisible();

    // The save row scrolls into the button's corner.
    place(screen.getByRole("button", { name: "Save" }), box(16, 720, 358, 48));
    scrollTo(1900);
    await nextFrame();
    const hidden = screen.getByLabelText("Scroll to top");
    expect(hidden).not.toBeVisible();
    expect(hidden).toHaveAttribute("tabindex", "-1");
    // The Save is what a tap there reaches.
    expect(screen.getByRole("button", { name: "Save" })).toBeVisible();

    // Past it, the button is back.
    place(screen.getByRole("button", { name: "Save" }), box(16, 300, 358, 48));
    scrollTo(2400);
    await nextFrame();
    expect(screen.getByRole("button", { name: "Scroll to top" })).toBeVisible();
  });
});
