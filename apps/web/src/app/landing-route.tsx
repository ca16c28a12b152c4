import { lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { LandingPage } from "@/features/landing/routes/landing-page.tsx";
import { hasSessionHint } from "@/lib/session-hint.ts";

// The query cache, the account menu and the toasts: loaded only for a visitor who is signed in.
const SignedInActions = lazy(async () => {
  const [{ ShellProviders }, { AccountActions }] = await Promise.all([
    import("./app-shell.tsx"),
    import("./layouts/account-actions.tsx"),
  ]);
  return {
    default: () => (
      <ShellProviders>
        <AccountActions />
      </ShellProviders>
    ),
  };
});

// A sentence for a visitor sent here (the account was deleted): loaded only then.
const LandingNotice = lazy(() => import("./landing-notice.tsx"));

/** What a screen that sends someone to the landing page may hand over in the location state. */
export type LandingState = { notice?: string };

/** The landing page with the same top bar as inside the app for a signed-in visitor. */
export function LandingRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = hasSessionHint();
  // Kept for this visit only: the state is cleared so a reload does not say it again.
  const [notice] = useState(() => (location.state as LandingState | null)?.notice);
  // Opened from inside the app (after deleting the account, say): at the top, not at the height
  // the screen before was scrolled to (that screen's scroll restoration went with its layout).
  useLayoutEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);
  useEffect(() => {
    if (notice) void navigate(location.pathname, { replace: true, state: null });
  }, [notice, navigate, location.pathname]);
  return (
    <>
      <LandingPage
        accountActions={
          signedIn ? (
            <Suspense fallback={null}>
              <SignedInActions />
            </Suspense>
          ) : undefined
        }
      />
      {/* A signed-in visitor's top bar brings its own toasts. */}
      {notice && !signedIn ? (
        <Suspense fallback={null}>
          <LandingNotice message={notice} />
        </Suspense>
      ) : null}
    </>
  );
}
