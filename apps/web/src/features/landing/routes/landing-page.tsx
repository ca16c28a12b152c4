import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import {
  ArrowRight,
  Hand,
  HeartHandshake,
  Link2,
  type LucideIcon,
  ShieldCheck,
  Sparkles,
  UsersRound,
} from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { AuthLinks } from "@/components/ui/auth-links.tsx";
import { BrandHeader } from "@/components/ui/brand-header.tsx";
import { SiteFooter } from "@/components/ui/site-footer.tsx";
import { STAT_LABELS } from "@/components/ui/stat-labels.ts";
import { paths } from "@/config/paths.ts";
import { LANDING_NAV_SOLID_AFTER_PX, LANDING_STATS } from "@/config/ui.ts";
import { useLingui } from "@/i18n/runtime.tsx";
import { hasSessionHint } from "@/lib/session-hint.ts";
import { SiteLink } from "@/lib/site-link.tsx";
import { useNearView } from "@/lib/use-near-view.ts";
import { useRevealOnce } from "@/lib/use-reveal-once.ts";
import { useScrolledPast } from "@/lib/use-scrolled-past.ts";

/** Decoration only: it follows the first paint instead of weighing on it. */
const MouseTrail = lazy(async () => ({
  default: (await import("../components/mouse-trail.tsx")).MouseTrail,
}));

// The counters ask the API for their figures: their code and the API client's follow the first
// paint, which keeps the landing page's first script within its budget (bench/bundle-size.mjs).
const StatCounters = lazy(async () => ({
  default: (await import("@/components/ui/stat-counters.tsx")).StatCounters,
}));

// The form brings zod and the form library (about 55 kB): it loads when the reader scrolls
// towards the footer, so a first visit's main thread never spends time on it.
const NewsletterBox = lazy(async () => ({
  default: (await import("../components/newsletter-box.tsx")).NewsletterBox,
}));

/**
 * Three example stories, not quotes: Kindred has no members' quotes to show (nobody has agreed
 * to have theirs here), so the cards say they are examples, and each describes only what the
 * product does.
 */
const EXAMPLE_STORIES = [
  {
    quote: msg`I found two classmates who also build robots. We meet every week now and entered our first competition together.`,
    who: msg`An engineering student`,
  },
  {
    quote: msg`Shared skills on each card made it easy to start a conversation. I connected with a designer for my side project in a day.`,
    who: msg`A software developer`,
  },
  {
    quote: msg`Only people whose request I accept can message me. That made me comfortable putting myself out there.`,
    who: msg`A product manager`,
  },
] as const;

const FEATURES: { title: MessageDescriptor; text: MessageDescriptor; icon: LucideIcon }[] = [
  {
    title: msg`Swipe to discover`,
    text: msg`Browse people one card at a time. Right means interested, left means not now.`,
    icon: Hand,
  },
  {
    title: msg`Shared skills first`,
    text: msg`Skills you have in common are highlighted, so good matches stand out.`,
    icon: Sparkles,
  },
  {
    title: msg`Requests you control`,
    text: msg`Nobody joins your connections until you accept their request.`,
    icon: HeartHandshake,
  },
  {
    title: msg`Your people, in one place`,
    text: msg`Every accepted request becomes a connection you can come back to.`,
    icon: UsersRound,
  },
  {
    title: msg`A link to share`,
    text: msg`Copy your public profile URL and let anyone send you a connect request.`,
    icon: Link2,
  },
  {
    title: msg`Private by default`,
    text: msg`Your email stays yours. Others only see what your profile shows.`,
    icon: ShieldCheck,
  },
];

export type LandingPageProps = {
  /** The signed-in top bar (welcome, account menu), composed by the app for a signed-in visitor. */
  accountActions?: ReactNode;
};

export function LandingPage({ accountActions }: LandingPageProps) {
  // No session call here: the landing page stays light and makes no request a visitor sees fail.
  const { _ } = useLingui();
  const signedIn = hasSessionHint();
  const solidNav = useScrolledPast(LANDING_NAV_SOLID_AFTER_PX);
  // The newsletter form brings react-hook-form, zod and the field parts (about 51 kB): loaded
  // right after the first render it competed with a phone's first paint, and loaded on idle it
  // still counted in Lighthouse's trace. So it mounts only as the reader nears the footer
  // (docs/benchmarks/2026-11-23-installable-app.md).
  const [newsletterSlot, newsletterNear] = useNearView<HTMLDivElement>();

  return (
    <div className="flex min-h-screen flex-col bg-base-100">
      <Suspense fallback={null}>
        <MouseTrail />
      </Suspense>
      <BrandHeader
        variant={solidNav ? "solid" : "transparent"}
        actions={signedIn && accountActions ? accountActions : <AuthLinks />}
      />

      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-gradient-to-br from-primary/15 via-base-100 to-secondary/15"
          />
          <div className="relative mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
            <span className="badge badge-primary badge-outline">
              <Trans>For students and professionals</Trans>
            </span>
            <h1 className="text-5xl font-extrabold tracking-tight sm:text-7xl">Kindred</h1>
            <p className="max-w-xl text-lg text-base-content/80 sm:text-2xl">
              <Trans>Meet people who share your interests and skills</Trans>
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              {/* A visitor starts by signing up; someone signed in goes straight to Discover. */}
              <SiteLink
                to={signedIn ? paths.home : paths.signup}
                className="btn btn-primary btn-lg"
              >
                <Trans>Get Started</Trans>
                <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
              </SiteLink>
              {/* Get Started already leads to Sign up: the second button is for those who have an account. */}
              {signedIn ? null : (
                <SiteLink to={paths.login} className="btn btn-outline btn-lg">
                  <Trans>Login</Trans>
                </SiteLink>
              )}
            </div>
          </div>
        </section>

        <section aria-labelledby="stats-title" className="bg-base-200 px-4 py-14">
          <div className="mx-auto max-w-5xl">
            <h2 id="stats-title" className="mb-8 text-center text-3xl font-bold">
              <Trans>Kindred in numbers</Trans>
            </h2>
            <Suspense fallback={<StatCountersPlaceholder />}>
              <StatCounters />
            </Suspense>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="features-title" className="mb-2 text-center text-3xl font-bold">
            <Trans>How Kindred works</Trans>
          </h2>
          <p className="mx-auto mb-10 max-w-xl text-center text-base-content/70">
            <Trans>Everything you need to find your people, nothing you do not.</Trans>
          </p>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.title.id} feature={feature} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="testimonials-title" className="bg-base-200 px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="testimonials-title" className="mb-2 text-center text-3xl font-bold">
              <Trans>What people use Kindred for</Trans>
            </h2>
            <p className="mx-auto mb-10 max-w-xl text-center text-base-content/70">
              <Trans>
                Examples written by the Kindred team to show how it works, not quotes from members.
              </Trans>
            </p>
            <ul className="grid gap-5 md:grid-cols-3">
              {EXAMPLE_STORIES.map((item) => (
                <li key={item.who.id} className="card bg-base-100 shadow-sm">
                  <div className="card-body gap-4">
                    <span className="badge badge-outline badge-sm w-fit">
                      <Trans>Example</Trans>
                    </span>
                    <blockquote className="text-base-content/85">“{_(item.quote)}”</blockquote>
                    <p className="text-sm text-base-content/70">{_(item.who)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <SiteFooter>
        <section
          aria-labelledby="newsletter-title"
          className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between"
        >
          <div className="max-w-md">
            <h2 id="newsletter-title" className="text-xl font-bold">
              <Trans>Stay in the loop</Trans>
            </h2>
            <p className="text-sm text-base-content/70">
              <Trans>
                New features, events and stories from the community, now and then. Unsubscribe any
                time.
              </Trans>
            </p>
          </div>
          <div ref={newsletterSlot} className="w-full md:max-w-md">
            {newsletterNear ? (
              <Suspense fallback={<div className="h-24" />}>
                <NewsletterBox />
              </Suspense>
            ) : (
              <div className="h-24" />
            )}
          </div>
        </section>
      </SiteFooter>
    </div>
  );
}

/** The counters' frame while their code loads: the same cards, so nothing moves when they come. */
function StatCountersPlaceholder() {
  const { _ } = useLingui();
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {LANDING_STATS.map((stat) => (
        <li
          key={stat.key}
          className="card border border-base-300 bg-base-100 text-center shadow-sm"
        >
          <div className="card-body items-center gap-1 py-6">
            <p className="text-4xl font-extrabold text-primary tabular-nums">0</p>
            <p className="text-base-content/70">{_(STAT_LABELS[stat.key])}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A feature card that rises in once, over 0.5 s, when it first enters the view. */
function FeatureCard({ feature }: { feature: (typeof FEATURES)[number] }) {
  const { _ } = useLingui();
  const ref = useRevealOnce<HTMLLIElement>();
  return (
    <li ref={ref} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <span className="w-fit rounded-box bg-primary/10 p-3 text-primary">
          <feature.icon aria-hidden="true" className="size-6" />
        </span>
        <h3 className="card-title">{_(feature.title)}</h3>
        <p className="text-base-content/70">{_(feature.text)}</p>
      </div>
    </li>
  );
}
