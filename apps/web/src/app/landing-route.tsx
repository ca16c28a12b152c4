import { lazy, Suspense } from "react";
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

/** The landing page with the same top bar as inside the app for a signed-in visitor. */
export function LandingRoute() {
  return (
    <LandingPage
      accountActions={
        hasSessionHint() ? (
          <Suspense fallback={null}>
            <SignedInActions />
          </Suspense>
        ) : undefined
      }
    />
  );
}
