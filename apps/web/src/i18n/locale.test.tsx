import { Trans } from "@lingui/react/macro";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SiteFooter } from "@/components/ui/site-footer.tsx";
import { firstLoad } from "@/test/render.tsx";
import { activateLocale, initialLocale, localeOf } from "./locale.ts";

function renderFooter() {
  const router = createMemoryRouter([{ path: "/", element: <SiteFooter /> }]);
  return render(<RouterProvider router={router} />);
}

afterEach(async () => {
  await activateLocale("en");
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie it set
  document.cookie = "lang=; path=/; max-age=0";
});

describe("languages", () => {
  it("names a supported language from a browser tag, and nothing else", () => {
    expect(localeOf("es-MX")).toBe("es");
    expect(localeOf("AR_eg")).toBe("ar");
    expect(localeOf("fr-FR")).toBeUndefined();
    expect(localeOf(undefined)).toBeUndefined();
  });

  it("starts in the browser's first language Kindred speaks", () => {
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, "languages");
    Object.defineProperty(navigator, "languages", {
      value: ["fr-FR", "es-ES", "en"],
      configurable: true,
    });
    try {
      expect(initialLocale()).toBe("es");
    } finally {
      if (languages) Object.defineProperty(navigator, "languages", languages);
    }
  });

  it("shows the footer in English, then in the language picked, and remembers it", async () => {
    renderFooter();
    expect(screen.getByRole("link", { name: "About" })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "es");

    expect(await screen.findByRole("link", { name: "Acerca de" }, firstLoad)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Idioma" })).toHaveValue("es");
    expect(document.documentElement).toHaveAttribute("lang", "es");
    expect(document.documentElement).toHaveAttribute("dir", "ltr");
    expect(document.cookie).toContain("lang=es");
  });

  it("shows a value as written, even when it looks like a tag", () => {
    const name = "<b>Ada</b> & <0>co</0>";
    render(
      <p data-testid="said">
        <Trans>Hello {name}</Trans>
      </p>,
    );
    expect(screen.getByTestId("said")).toHaveTextContent("Hello <b>Ada</b> & <0>co</0>");
  });

  it("turns the page right to left in Arabic", async () => {
    renderFooter();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "ar");

    expect(await screen.findByRole("link", { name: "من نحن" }, firstLoad)).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("lang", "ar");
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
  });
});
