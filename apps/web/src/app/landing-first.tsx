import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { LandingPage } from "@/features/landing/routes/landing-page.tsx";
import { SiteNavigation } from "@/lib/site-link.tsx";
import { AppProviders } from "./providers.tsx";

/** The app's start (main.tsx hands it over, so that the app has one importer). */
type LoadApp = () => Promise<typeof import("./app.tsx")>;

/** Runs `work` once the page has loaded and the browser has a moment to spare. */
function whenIdle(work: () => void) {
  // Safari has no requestIdleCallback.
  const idle = () =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(work, { timeout: 3_000 })
      : setTimeout(work, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * The landing page for a visitor who is not signed in, drawn with React alone (decision 127):
 * the router, the route table and the app's plumbing are fetched once the page has loaded and the
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
  whenIdle(() => void loadApp().catch(() => undefined));
}
