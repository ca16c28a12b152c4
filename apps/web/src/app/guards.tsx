import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useRef } from "react";
import { Navigate, Outlet } from "react-router";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { errorMessageOf } from "@/lib/api-client.ts";
import { useMe } from "@/lib/get-me.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

/** The not-found page, loaded only when a member opens a staff address (its own chunk). */
const NotFoundPage = lazy(async () => ({
  default: (await import("@/features/errors/routes/not-found-page.tsx")).NotFoundPage,
}));

function Checking() {
  return (
    <div className="flex justify-center py-24" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{MESSAGES.loading}</span>
    </div>
  );
}

/** Signed-in screens: the session is checked first; a visitor goes to /login. */
export function RequireAuth() {
  const meQuery = useMe({ required: true });
  if (meQuery.data === null) return <Navigate to={paths.login} replace />;
  if (meQuery.data) return <Outlet />;
  if (meQuery.isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-24">
        <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3">
          <p>{errorMessageOf(meQuery.error, MESSAGES.somethingWrong)}</p>
          <button type="button" className="btn btn-sm" onClick={() => meQuery.refetch()}>
            <Trans>Try Again</Trans>
          </button>
        </div>
      </div>
    );
  }
  return <Checking />;
}

/**
 * Login and signup: someone already signed in when opening them goes to Discover. Only the
 * first answer counts, so logging in here is not taken for "already signed in".
 */
export function GuestOnly() {
  const { data: me } = useMe();
  const signedInOnArrival = useRef<boolean | undefined>(undefined);
  if (signedInOnArrival.current === undefined && me !== undefined) {
    signedInOnArrival.current = me !== null;
  }
  if (signedInOnArrival.current) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/** A screen someone may not open looks exactly like an address that does not exist. */
function NotFoundHere() {
  useDocumentTitle(t`Page not found`);

  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

/** The moderation screens (inside RequireAuth): moderators and admins; a member sees the 404. */
export function RequireModerator() {
  const { data: me } = useMe({ required: true });
  if (!me) return null;
  return me.role === "member" ? <NotFoundHere /> : <Outlet />;
}

/** The audit log: admins only; anyone else sees the 404. */
export function RequireAdmin() {
  const { data: me } = useMe({ required: true });
  if (!me) return null;
  return me.role === "admin" ? <Outlet /> : <NotFoundHere />;
}
