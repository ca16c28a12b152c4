import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SiteLink, SiteNavigation } from "./site-link.tsx";

function renderLink(navigate?: (to: string) => void, target?: string) {
  render(
    <SiteNavigation.Provider value={navigate}>
      <SiteLink to="/about" target={target}>
        About
      </SiteLink>
    </SiteNavigation.Provider>,
  );
  return screen.getByRole("link", { name: "About" });
}

/**
 * Clicks the link and tells whether it kept the browser from following it. The click is then
 * stopped before jsdom, which cannot load another document, would try.
 */
function clickKeptFromBrowser(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let kept = false;
  const watch = (event: Event) => {
    kept = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener("click", watch);
  link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ...init }));
  document.removeEventListener("click", watch);
  return kept;
}

describe("SiteLink", () => {
  it("is a real link to its address, opened in the app on a plain click", () => {
    const navigate = vi.fn();
    const link = renderLink(navigate);
    expect(link).toHaveAttribute("href", "/about");
    expect(clickKeptFromBrowser(link)).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/about");
  });

  it("leaves a modifier key, another button or another target to the browser", () => {
    const navigate = vi.fn();
    const link = renderLink(navigate);
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ]) {
      expect(clickKeptFromBrowser(link, init), JSON.stringify(init)).toBe(false);
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it("opens another target in the browser", () => {
    const navigate = vi.fn();
    expect(clickKeptFromBrowser(renderLink(navigate, "_blank"))).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("is a plain page load where nothing opens addresses in the app", () => {
    expect(clickKeptFromBrowser(renderLink(undefined))).toBe(false);
  });
});
