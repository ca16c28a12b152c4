import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { createBrowserRouter, type RouteObject } from "react-router";
import { paths } from "@/config/paths.ts";
import { FramedRouteError, RootRouteError } from "@/features/errors/routes/route-error.tsx";
import { RootRoute, type RouteHandle } from "./route-title.tsx";

function PageLoader() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">
        <Trans>Loading...</Trans>
      </span>
    </div>
  );
}

const title = (text: MessageDescriptor | ""): RouteHandle => ({ title: text });

/**
 * Every screen loads with its route. The landing page needs only React (and, drawn here, the
 * router); the query cache, forms, zod and toasts come with the app shell the other routes sit in.
 */
export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    errorElement: <RootRouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // A visitor's first landing page draws before the router loads (landing-first.tsx); this
        // route draws it after a navigation, and for someone signed in.
        path: paths.landing,
        handle: title(""),
        lazy: async () => ({ Component: (await import("./landing-route.tsx")).LandingRoute }),
      },
      {
        lazy: async () => ({ Component: (await import("./app-shell.tsx")).AppShell }),
        children: [
          {
            lazy: async () => ({
              Component: (await import("./layouts/main-layout.tsx")).MainLayout,
            }),
            children: [
              {
                // A screen that fails to load shows its message and Retry inside the frame.
                errorElement: <FramedRouteError />,
                children: [
                  {
                    lazy: async () => ({ Component: (await import("./guards.tsx")).RequireAuth }),
                    children: [
                      {
                        path: paths.home,
                        handle: title(msg`Discover people`),
                        lazy: async () => ({
                          Component: (await import("@/features/feed/routes/feed-page.tsx"))
                            .FeedPage,
                        }),
                      },
                      {
                        path: paths.profile,
                        handle: title(msg`Your profile`),
                        lazy: async () => ({
                          Component: (await import("@/features/profile/routes/profile-page.tsx"))
                            .ProfilePage,
                        }),
                      },
                      {
                        path: paths.connections,
                        handle: title(msg`Connections`),
                        lazy: async () => ({
                          Component: (
                            await import("@/features/connections/routes/connections-page.tsx")
                          ).ConnectionsPage,
                        }),
                      },
                      {
                        path: paths.requests,
                        handle: title(msg`Connection requests`),
                        lazy: async () => ({
                          Component: (await import("@/features/requests/routes/requests-page.tsx"))
                            .RequestsPage,
                        }),
                      },
                      {
                        path: paths.notifications,
                        handle: title(msg`Notifications`),
                        lazy: async () => ({
                          Component: (
                            await import("@/features/notifications/routes/notifications-page.tsx")
                          ).NotificationsPage,
                        }),
                      },
                      {
                        path: paths.search,
                        handle: title(msg`Search`),
                        lazy: async () => ({
                          Component: (await import("@/features/search/routes/search-page.tsx"))
                            .SearchPage,
                        }),
                      },
                      {
                        path: paths.settings,
                        handle: title(msg`Settings`),
                        lazy: async () => ({
                          Component: (await import("./settings-page.tsx")).SettingsPage,
                        }),
                      },
                      {
                        lazy: async () => ({
                          Component: (await import("./guards.tsx")).RequireModerator,
                        }),
                        children: [
                          {
                            path: paths.moderation,
                            lazy: async () => ({
                              Component: (
                                await import(
                                  "@/features/moderation/routes/moderation-queue-page.tsx"
                                )
                              ).ModerationQueuePage,
                            }),
                          },
                          {
                            path: paths.moderationCasePattern,
                            lazy: async () => ({
                              Component: (
                                await import(
                                  "@/features/moderation/routes/moderation-case-page.tsx"
                                )
                              ).ModerationCasePage,
                            }),
                          },
                          {
                            path: paths.moderationAppeals,
                            lazy: async () => ({
                              Component: (
                                await import(
                                  "@/features/moderation/routes/moderation-appeals-page.tsx"
                                )
                              ).ModerationAppealsPage,
                            }),
                          },
                          {
                            lazy: async () => ({
                              Component: (await import("./guards.tsx")).RequireAdmin,
                            }),
                            children: [
                              {
                                path: paths.moderationAudit,
                                lazy: async () => ({
                                  Component: (
                                    await import(
                                      "@/features/moderation/routes/moderation-audit-page.tsx"
                                    )
                                  ).ModerationAuditPage,
                                }),
                              },
                            ],
                          },
                        ],
                      },
                      ...[paths.chat, paths.chatPattern].map(
                        (path): RouteObject => ({
                          path,
                          handle: title(msg`Chat`),
                          lazy: async () => ({
                            Component: (await import("@/features/chat/routes/chat-page.tsx"))
                              .ChatPage,
                          }),
                        }),
                      ),
                    ],
                  },
                  {
                    path: paths.publicProfilePattern,
                    lazy: async () => ({
                      Component: (
                        await import("@/features/public-profile/routes/public-profile-page.tsx")
                      ).PublicProfilePage,
                    }),
                  },
                  {
                    path: paths.appeal,
                    handle: title(msg`Appeal`),
                    lazy: async () => ({
                      Component: (await import("@/features/moderation/routes/appeal-page.tsx"))
                        .AppealPage,
                    }),
                  },
                  {
                    path: paths.verifyEmail,
                    handle: title(msg`Verify your email`),
                    lazy: async () => ({
                      Component: (await import("@/features/account/routes/verify-email-page.tsx"))
                        .VerifyEmailPage,
                    }),
                  },
                  {
                    path: paths.about,
                    handle: title(msg`About Kindred`),
                    lazy: async () => ({
                      Component: (await import("@/features/info/routes/about-page.tsx")).AboutPage,
                    }),
                  },
                  {
                    path: paths.contact,
                    handle: title(msg`Contact us`),
                    lazy: async () => ({
                      Component: (await import("@/features/contact/routes/contact-page.tsx"))
                        .ContactPage,
                    }),
                  },
                  {
                    path: paths.services,
                    handle: title(msg`Services`),
                    lazy: async () => ({
                      Component: (await import("@/features/info/routes/services-page.tsx"))
                        .ServicesPage,
                    }),
                  },
                  {
                    path: paths.matching,
                    handle: title(msg`Interest matching`),
                    lazy: async () => ({
                      Component: (await import("@/features/matching/routes/matching-page.tsx"))
                        .MatchingPage,
                    }),
                  },
                  {
                    path: paths.support,
                    handle: title(msg`Support center`),
                    lazy: async () => ({
                      Component: (await import("@/features/support/routes/support-page.tsx"))
                        .SupportPage,
                    }),
                  },
                  {
                    path: paths.blog,
                    handle: title(msg`Blog`),
                    lazy: async () => ({
                      Component: (await import("@/features/blog/routes/blog-page.tsx")).BlogPage,
                    }),
                  },
                  {
                    path: paths.blogPostPattern,
                    handle: title(msg`Blog`),
                    lazy: async () => ({
                      Component: (await import("@/features/blog/routes/blog-post-page.tsx"))
                        .BlogPostPage,
                    }),
                  },
                  {
                    path: paths.privacy,
                    handle: title(msg`Privacy policy`),
                    lazy: async () => ({
                      Component: (await import("@/features/info/routes/privacy-page.tsx"))
                        .PrivacyPage,
                    }),
                  },
                  {
                    path: paths.terms,
                    handle: title(msg`Terms of service`),
                    lazy: async () => ({
                      Component: (await import("@/features/info/routes/terms-page.tsx")).TermsPage,
                    }),
                  },
                  {
                    path: paths.cookies,
                    handle: title(msg`Cookie policy`),
                    lazy: async () => ({
                      Component: (await import("@/features/info/routes/cookies-page.tsx"))
                        .CookiesPage,
                    }),
                  },
                  // Unknown paths show the 404 inside the site's header and footer.
                  ...[paths.notFound, "*"].map(
                    (path): RouteObject => ({
                      path,
                      handle: title(msg`Page not found`),
                      lazy: async () => ({
                        Component: (await import("@/features/errors/routes/not-found-page.tsx"))
                          .NotFoundPage,
                      }),
                    }),
                  ),
                ],
              },
            ],
          },
          {
            lazy: async () => ({ Component: (await import("./guards.tsx")).GuestOnly }),
            children: [
              {
                path: paths.login,
                handle: title(msg`Login`),
                lazy: async () => ({
                  Component: (await import("@/features/auth/routes/login-page.tsx")).LoginPage,
                }),
              },
              {
                path: paths.signup,
                handle: title(msg`Sign up`),
                lazy: async () => ({
                  Component: (await import("@/features/auth/routes/signup-page.tsx")).SignupPage,
                }),
              },
            ],
          },
          {
            path: paths.forgetPassword,
            handle: title(msg`Forgot password`),
            lazy: async () => ({
              Component: (await import("@/features/recovery/routes/forgot-password-page.tsx"))
                .ForgotPasswordPage,
            }),
          },
          {
            path: paths.verifyCode,
            handle: title(msg`Verify code`),
            lazy: async () => ({
              Component: (await import("@/features/recovery/routes/verify-code-page.tsx"))
                .VerifyCodePage,
            }),
          },
          {
            path: paths.setPassword,
            handle: title(msg`Set a new password`),
            lazy: async () => ({
              Component: (await import("@/features/recovery/routes/set-password-page.tsx"))
                .SetPasswordPage,
            }),
          },
          {
            // Signed in, the community's screens have the app's frame; signed out, their own.
            lazy: async () => ({
              Component: (await import("./layouts/community-layout.tsx")).CommunityLayout,
            }),
            children: [
              {
                path: paths.community,
                handle: title(msg`Community`),
                lazy: async () => ({
                  Component: (await import("@/features/community/routes/community-page.tsx"))
                    .CommunityPage,
                }),
              },
              {
                path: paths.groups,
                handle: title(msg`Study groups`),
                lazy: async () => ({
                  Component: (await import("@/features/community/routes/groups-page.tsx"))
                    .GroupsPage,
                }),
              },
              {
                path: paths.events,
                handle: title(msg`Events`),
                lazy: async () => ({
                  Component: (await import("@/features/community/routes/events-page.tsx"))
                    .EventsPage,
                }),
              },
              {
                path: paths.eventPattern,
                handle: title(msg`Event`),
                lazy: async () => ({
                  Component: (await import("@/features/community/routes/event-page.tsx")).EventPage,
                }),
              },
              {
                path: paths.groupPattern,
                handle: title(msg`Study group`),
                lazy: async () => ({
                  Component: (await import("@/features/community/routes/group-page.tsx")).GroupPage,
                }),
              },
            ],
          },
          {
            path: paths.faq,
            handle: title(msg`Frequently asked questions`),
            lazy: async () => ({
              Component: (await import("@/features/faq/routes/faq-page.tsx")).FaqPage,
            }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
