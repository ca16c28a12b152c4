import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { LANDING_NAV_SOLID_AFTER_PX } from "@/config/ui.ts";
import { AuthShell } from "./auth-shell.tsx";
import { ThemeProvider } from "./theme-toggle.tsx";

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}

afterEach(() => {
  scrollTo(0);
});

describe("AuthShell", () => {
  it("keeps the top bar over the page at the top and makes it solid once the form scrolls under it", () => {
    render(
      <MemoryRouter>
        <ThemeProvider>
          <AuthShell title="Join Kindred" subtitle="Tell us a little about you.">
            <p>The form</p>
          </AuthShell>
        </ThemeProvider>
      </MemoryRouter>,
    );
    const header = screen.getByRole("banner");
    expect(header).toHaveClass("bg-transparent");

    scrollTo(LANDING_NAV_SOLID_AFTER_PX + 1);
    expect(header).not.toHaveClass("bg-transparent");
    expect(header).toHaveClass("shadow-sm");

    scrollTo(0);
    expect(header).toHaveClass("bg-transparent");
  });
});
