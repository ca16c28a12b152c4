import { MESSAGES } from "@kindred/shared";
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
} from "react-router";
import { AuthLinks } from "../../components/ui/auth-links.tsx";
import { ScrollToTop } from "../../components/ui/scroll-to-top.tsx";
import { SiteFooter } from "../../components/ui/site-footer.tsx";
import { ThemeToggle } from "../../components/ui/theme-toggle.tsx";
import { paths } from "../../config/paths.ts";
import { useLogout } from "../../features/auth/api/logout.ts";
import { useCopyProfileUrl } from "../../features/profile/api/generate-public-url.ts";
import { errorMessageOf } from "../../lib/api-client.ts";
import { useMe } from "../../lib/get-me.ts";
import { UserMenu } from "./user-menu.tsx";

/** Screens that only make sense for a signed-in user; the informational ones stay open. */
const PROTECTED_PATHS: readonly string[] = [
  paths.home,
  paths.profile,
  paths.connections,
  paths.requests,
  paths.chat,
];

function isProtected(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return PROTECTED_PATHS.includes(path);
}

const NAV_LINKS = [
  { label: "Discover", to: paths.home },
  { label: "Connections", to: paths.connections },
  { label: "Requests", to: paths.requests },
] as const;

export function MainLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const meQuery = useMe();
  const logoutMutation = useLogout();
  const copyProfileUrl = useCopyProfileUrl();
  const me = meQuery.data;
  const guarded = isProtected(location.pathname);

  if (guarded && me === null) return <Navigate to={paths.login} replace />;

  function handleLogout() {
    logoutMutation.mutate(undefined, {
      onSettled: () => navigate(paths.login),
    });
  }

  let content = <Outlet />;
  if (guarded && meQuery.isPending) {
    content = (
      <div className="flex justify-center py-24" role="status">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <span className="sr-only">{MESSAGES.loading}</span>
      </div>
    );
  } else if (guarded && meQuery.isError) {
    content = (
      <div className="mx-auto max-w-md px-4 py-24">
        <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3">
          <p>{errorMessageOf(meQuery.error, MESSAGES.somethingWrong)}</p>
          <button type="button" className="btn btn-sm" onClick={() => meQuery.refetch()}>
            Try Again
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only z-50 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur">
        <nav
          aria-label="Main"
          className="navbar mx-auto min-h-14 max-w-6xl gap-2 px-3 py-1 sm:px-4"
        >
          <div className="flex flex-1 items-center gap-6">
            <Link to={paths.landing} className="text-xl font-bold tracking-tight text-primary">
              Kindred
            </Link>
            {me ? (
              <ul className="hidden items-center gap-1 md:flex">
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      className={({ isActive }) =>
                        `btn btn-ghost btn-sm ${isActive ? "btn-active" : ""}`
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            {me ? (
              <>
                <p className="max-w-36 truncate text-sm sm:max-w-56">
                  Welcome, <span className="font-semibold">{me.firstName}</span>
                </p>
                <UserMenu
                  me={me}
                  onCopyProfileUrl={() => void copyProfileUrl()}
                  onLogout={handleLogout}
                />
              </>
            ) : me === null ? (
              <AuthLinks />
            ) : null}
          </div>
        </nav>
      </header>
      <main id="main" className="flex-1">
        {content}
      </main>
      <SiteFooter />
      <ScrollToTop />
      <ScrollRestoration />
    </div>
  );
}
