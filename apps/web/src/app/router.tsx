import { createBrowserRouter, type RouteObject } from "react-router";
import { ComingSoon } from "../components/ui/coming-soon.tsx";
import { paths } from "../config/paths.ts";
import { ErrorFallback } from "../features/errors/routes/error-fallback.tsx";
import { MainLayout } from "./layouts/main-layout.tsx";

function PageLoader() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}

/** Screens a later release fills in: the route exists, the panel says so. */
function comingSoon(path: string, title: string, standalone = false): RouteObject {
  return { path, element: <ComingSoon title={title} standalone={standalone} /> };
}

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorFallback />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <MainLayout />,
        children: [
          {
            path: paths.home,
            lazy: async () => ({
              Component: (await import("../features/feed/routes/feed-page.tsx")).FeedPage,
            }),
          },
          {
            path: paths.profile,
            lazy: async () => ({
              Component: (await import("../features/profile/routes/profile-page.tsx")).ProfilePage,
            }),
          },
          {
            path: paths.connections,
            lazy: async () => ({
              Component: (await import("../features/connections/routes/connections-page.tsx"))
                .ConnectionsPage,
            }),
          },
          {
            path: paths.requests,
            lazy: async () => ({
              Component: (await import("../features/requests/routes/requests-page.tsx"))
                .RequestsPage,
            }),
          },
          comingSoon(paths.chat, "Chat"),
          comingSoon(paths.about, "About Kindred"),
          comingSoon(paths.contact, "Contact us"),
          comingSoon(paths.services, "Services"),
          comingSoon(paths.events, "Events"),
          comingSoon(paths.matching, "Interest matching"),
          comingSoon(paths.support, "Support center"),
          comingSoon(paths.blog, "Blog"),
          comingSoon(paths.privacy, "Privacy policy"),
          comingSoon(paths.terms, "Terms of service"),
          comingSoon(paths.cookies, "Cookie policy"),
        ],
      },
      {
        path: paths.landing,
        lazy: async () => ({
          Component: (await import("../features/landing/routes/landing-page.tsx")).LandingPage,
        }),
      },
      {
        path: "/GetToKnowMe/:publicUserId",
        lazy: async () => ({
          Component: (await import("../features/public-profile/routes/public-profile-page.tsx"))
            .PublicProfilePage,
        }),
      },
      {
        path: paths.login,
        lazy: async () => ({
          Component: (await import("../features/auth/routes/login-page.tsx")).LoginPage,
        }),
      },
      {
        path: paths.signup,
        lazy: async () => ({
          Component: (await import("../features/auth/routes/signup-page.tsx")).SignupPage,
        }),
      },
      comingSoon(paths.forgetPassword, "Forgot password", true),
      comingSoon(paths.verifyCode, "Verify code", true),
      comingSoon(paths.setPassword, "Set a new password", true),
      comingSoon(paths.community, "Community", true),
      comingSoon(paths.groups, "Study groups", true),
      comingSoon(paths.faq, "Frequently asked questions", true),
      {
        path: paths.notFound,
        lazy: async () => ({
          Component: (await import("../features/errors/routes/not-found-page.tsx")).NotFoundPage,
        }),
      },
      {
        path: "*",
        lazy: async () => ({
          Component: (await import("../features/errors/routes/not-found-page.tsx")).NotFoundPage,
        }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
