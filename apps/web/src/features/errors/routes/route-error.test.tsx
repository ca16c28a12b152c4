import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "@/components/ui/theme-toggle.tsx";
import { pageReload } from "@/lib/chunk-load.ts";
import { type FetchCall, mockFetch, offline } from "@/test/mock-fetch.ts";
import {
  FramedRouteError,
  LOAD_FAILED_TEXT,
  LOAD_FAILED_TITLE,
  RootRouteError,
  STILL_OFFLINE_TEXT,
} from "./route-error.tsx";

const chunkError = () =>
  new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/page-x.js");

function Frame() {
  return (
    <div>
      <nav aria-label="Sections">
        <Link to="/framed">Framed</Link>
      </nav>
      <Outlet />
    </div>
  );
}

/** The app's shape in small: a frame whose screens load lazily, and screens outside it. */
function renderAt(path: string, failure: () => unknown) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <RootRouteError />,
        children: [
          {
            Component: Frame,
            children: [
              {
                errorElement: <FramedRouteError />,
                children: [
                  {
                    path: "/framed",
                    lazy: async () => {
                      throw failure();
                    },
                  },
                ],
              },
            ],
          },
          {
            path: "/outside",
            lazy: async () => {
              throw failure();
            },
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
}

let reload: ReturnType<typeof vi.fn<() => void>>;
let siteUp: boolean;
let calls: FetchCall[];
beforeEach(() => {
  window.sessionStorage.clear();
  reload = vi.fn<() => void>();
  vi.spyOn(pageReload, "run").mockImplementation(reload);
  siteUp = false;
  calls = mockFetch(() => (siteUp ? { status: 200 } : offline()));
});

describe("a screen whose code does not load", () => {
  it("shows inside the frame, with its navigation, a clear message and Retry", async () => {
    renderAt("/framed", chunkError);
    expect(await screen.findByRole("heading", { name: LOAD_FAILED_TITLE })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Sections" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(LOAD_FAILED_TEXT);
    expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument();

    // Retry while the site still does not answer: nothing reloads, and it says why.
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(STILL_OFFLINE_TEXT)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    // Back online: Retry reloads the page.
    siteUp = true;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("outside the frame, shows the top bar, the message and Retry", async () => {
    renderAt("/outside", chunkError);
    expect(await screen.findByRole("heading", { name: LOAD_FAILED_TITLE })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Kindred" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeEnabled();
  });

  it("reloads the page once by itself after a deploy (the site answers), never twice in a row", async () => {
    siteUp = true;
    const first = renderAt("/framed", chunkError);
    await screen.findByRole("heading", { name: LOAD_FAILED_TITLE });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();

    // The reloaded page fails again: it stays on the message with Retry.
    renderAt("/framed", chunkError);
    await screen.findByRole("heading", { name: LOAD_FAILED_TITLE });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("leaves a truly unexpected error to the generic fallback", async () => {
    // React and the router report the error they caught; that is what this test provokes.
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/framed", () => new Error("Boom in a component"));
    expect(await screen.findByText("Unexpected Application Error!")).toBeInTheDocument();
    expect(screen.getByText("Boom in a component")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
