import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Archive,
  ArrowRight,
  Compass,
  Filter,
  Flag,
  Lock,
  MessageCircle,
  ShieldCheck,
  Sparkles,
  Target,
  UsersRound,
} from "lucide-react";
import { Link } from "react-router";
import { PageIntro } from "@/components/ui/page-intro.tsx";
import { StatCounters } from "@/components/ui/stat-counters.tsx";
import { ThemeToggle, useTheme } from "@/components/ui/theme-toggle.tsx";
import { paths } from "@/config/paths.ts";

const REASONS = [
  {
    title: msg`Smart matching`,
    text: msg`Your feed puts the people who share the most skills with you first and highlights what you have in common.`,
    icon: Sparkles,
  },
  {
    title: msg`Enhanced security`,
    text: msg`Passwords hashed with argon2id, sessions in HttpOnly cookies, your email never shown to others, and automatic filters with human moderators behind them.`,
    icon: Lock,
  },
  {
    title: msg`Real-time chat`,
    text: msg`Talk with your connections as soon as a request is accepted.`,
    icon: MessageCircle,
  },
] as const;

/** What keeps Kindred safe, said as it works (the privacy policy has the details). */
const SAFETY = [
  {
    title: msg`Filters, then people`,
    text: msg`Names, profiles, posts, replies, groups, events and chat messages pass automatic filters: the obscenity library for slurs and insults, even spelled with look-alike letters, and rules for links and phone numbers. What they catch goes to human moderators, who decide.`,
    icon: Filter,
  },
  {
    title: msg`Reports and appeals`,
    text: msg`Report a person, a message, a post, a reply, a group or an event from its menu, and see the outcome of your reports. If a moderator acts on your account you are told why by notification and email, and you can appeal once within 14 days; a different moderator decides.`,
    icon: Flag,
  },
  {
    title: msg`Teens and adults apart`,
    text: msg`Kindred is for people 13 and over. People aged 13 to 17 and people 18 or over never see each other in Discover, search or matching, and cannot send each other requests or messages. Under-18 profiles show no social links and are never shown to signed-out visitors.`,
    icon: ShieldCheck,
  },
  {
    title: msg`Kept for safety, then deleted`,
    text: msg`A report keeps a copy of what was reported, even after it is edited or deleted. A conversation ended by a block or a removed connection is kept out of everyone's reach for 30 days, then deleted. A banned account's data is deleted after 30 days.`,
    icon: Archive,
  },
] as const;

function ThemeSwitch() {
  const { t } = useLingui();
  const { theme } = useTheme();
  return (
    <div className="flex items-center gap-2 rounded-full border border-base-300 bg-base-100 py-1 ps-1 pe-4">
      <ThemeToggle />
      <span className="text-sm">{theme === "dark" ? t`Dark theme` : t`Light theme`}</span>
    </div>
  );
}

export function AboutPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageIntro
        title={t`Welcome to Kindred`}
        lead={t`A place where students, professionals and innovators meet people who share their interests and skills.`}
      >
        <ThemeSwitch />
      </PageIntro>
      <div className="mx-auto flex max-w-5xl flex-col gap-14 px-4 py-12">
        <section
          aria-labelledby="mission-title"
          className="grid items-center gap-6 md:grid-cols-[auto_1fr]"
        >
          <span className="w-fit rounded-box bg-primary/10 p-4 text-primary">
            <Target aria-hidden="true" className="size-8" />
          </span>
          <div>
            <h2 id="mission-title" className="text-3xl font-bold">
              <Trans>Our mission</Trans>
            </h2>
            <p className="mt-2 text-lg text-base-content/80">
              <Trans>
                To make it easy to find the people you learn and build best with, starting from what
                you already care about.
              </Trans>
            </p>
          </div>
        </section>

        <section aria-labelledby="about-stats-title">
          <h2 id="about-stats-title" className="mb-6 text-center text-3xl font-bold">
            <Trans>Kindred in numbers</Trans>
          </h2>
          <StatCounters />
        </section>

        <section aria-labelledby="why-title">
          <h2 id="why-title" className="mb-6 text-center text-3xl font-bold">
            <Trans>Why choose us</Trans>
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            {REASONS.map((reason) => (
              <li
                key={reason.title.id}
                className="card border border-base-300 bg-base-100 shadow-sm"
              >
                <div className="card-body">
                  <reason.icon aria-hidden="true" className="size-7 text-primary" />
                  <h3 className="card-title">{i18n._(reason.title)}</h3>
                  <p className="text-base-content/80">{i18n._(reason.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="safety-title">
          <h2 id="safety-title" className="mb-2 text-center text-3xl font-bold">
            <Trans>How we keep Kindred safe</Trans>
          </h2>
          <p className="mx-auto mb-6 max-w-2xl text-center text-base-content/80">
            <Trans>
              Automatic filters and human moderators, not AI moderation. What is kept and for how
              long, and which emails we send, is in the{" "}
              <Link to={paths.privacy} className="link link-primary">
                privacy policy
              </Link>
              .
            </Trans>
          </p>
          <ul className="grid gap-5 md:grid-cols-2">
            {SAFETY.map((item) => (
              <li key={item.title.id} className="card border border-base-300 bg-base-100 shadow-sm">
                <div className="card-body">
                  <item.icon aria-hidden="true" className="size-7 text-primary" />
                  <h3 className="card-title">{i18n._(item.title)}</h3>
                  <p className="text-base-content/80">{i18n._(item.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="vision-title" className="grid gap-6 md:grid-cols-2">
          <div className="card bg-base-100 shadow-sm">
            <div className="card-body">
              <Compass aria-hidden="true" className="size-7 text-secondary" />
              <h2 id="vision-title" className="card-title text-2xl">
                <Trans>Our vision</Trans>
              </h2>
              <p className="text-base-content/80">
                <Trans>
                  A campus, a city, a field where nobody with an idea has to look for collaborators
                  alone.
                </Trans>
              </p>
            </div>
          </div>
          <div className="card bg-base-100 shadow-sm">
            <div className="card-body">
              <UsersRound aria-hidden="true" className="size-7 text-secondary" />
              <h2 className="card-title text-2xl">
                <Trans>What we do</Trans>
              </h2>
              <p className="text-base-content/80">
                <Trans>
                  Swipe through people, send and accept requests, keep your connections, and join
                  the community's posts, study groups and events.
                </Trans>
              </p>
            </div>
          </div>
        </section>

        <section
          aria-labelledby="join-title"
          className="rounded-box border border-primary/30 bg-primary/10 px-6 py-10 text-center"
        >
          <h2 id="join-title" className="text-3xl font-bold">
            <Trans>Join Us Today</Trans>
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-base-content/80">
            <Trans>Create your profile in a minute and meet your first matches today.</Trans>
          </p>
          <Link to={paths.signup} className="btn btn-primary btn-lg mt-6">
            <Trans>Get Started</Trans>
            <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </Link>
        </section>
      </div>
    </>
  );
}
