import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { LandingPage } from "@/features/landing/routes/landing-page.tsx";
import { SiteNavigation } from "@/lib/site-link.tsx";
import { AppProviders } from "./providers.tsx";

/** The app's start (main.tsx hands it over, so that the app has one importer). */
type LoadApp = () => Promise<typeof import("./app.tsx")>;

/** Runs `work` when the browser has a moment to spare (Safari has no requestIdleCallback). */
function whenIdle(work: () => void) {
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(work, { timeout: 3_000 });
  } else {
    setTimeout(work, 200);
  }
}

/**
 * Runs `work` once the page has painted its first content and the browser is idle, so that
 * nothing fetched for later competes with the first screen. Where the browser does not report
 * paints, once the page has loaded.
 */
function afterFirstPaint(work: () => void) {
  const paints =
    typeof PerformanceObserver === "function" &&
    PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (!paints) {
    if (document.readyState === "complete") whenIdle(work);
    else window.addEventListener("load", () => whenIdle(work), { once: true });
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    whenIdle(work);
  });
  observer.observe({ type: "paint", buffered: true });
}

/**
 * The landing page for a visitor who is not signed in, drawn with React alone (decision 127):
 * the router, the route table and the app's plumbing are fetched once the page has painted and the
 * browser is idle, and take over at the first click on one of its links, at that link's address.
 * Should they not load (no network), the link opens as a plain page load.
 */
export function startLanding(root: Root, loadApp: LoadApp) {
  let opening = false;
  const open = (to: string) => {
    if (opening) return;
    opening = true;
    loadApp().then(
      ({ startApp }) => {
        window.history.pushState(null, "", to);
        window.scrollTo(0, 0);
        startApp(root);
      },
      () => window.location.assign(to),
    );
  };
  root.render(
    <StrictMode>
      <AppProviders>
        <SiteNavigation.Provider value={open}>
          <LandingPage />
        </SiteNavigation.Provider>
      </AppProviders>
    </StrictMode>,
  );
  afterFirstPaint(() => void loadApp().catch(() => undefined));
}
