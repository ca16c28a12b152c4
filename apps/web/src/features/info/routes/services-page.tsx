import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CalendarDays, MessagesSquare, Search, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { PageIntro } from "@/components/ui/page-intro.tsx";
import { StatCounters } from "@/components/ui/stat-counters.tsx";
import { paths } from "@/config/paths.ts";

const SERVICES = [
  {
    title: msg`Interest matching`,
    text: msg`Type an interest and see who shares it.`,
    open: msg`Open interest matching`,
    to: paths.matching,
    icon: Search,
  },
  {
    title: msg`Events`,
    text: msg`The weekly meetup and the events members put on the calendar.`,
    open: msg`Open events`,
    to: paths.events,
    icon: CalendarDays,
  },
  {
    title: msg`Study groups`,
    text: msg`Groups for Math, Programming, DSA and Machine Learning, or start your own.`,
    open: msg`Open study groups`,
    to: paths.groups,
    icon: UsersRound,
  },
  {
    title: msg`Community`,
    text: msg`Posts and thoughts from everyone on Kindred.`,
    open: msg`Open community`,
    to: paths.community,
    icon: MessagesSquare,
  },
] as const satisfies {
  title: MessageDescriptor;
  text: MessageDescriptor;
  open: MessageDescriptor;
  to: string;
  icon: unknown;
}[];

export function ServicesPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageIntro
        title={t`Services`}
        lead={t`Everything Kindred offers to help you meet your people.`}
      />
      <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-12">
        <StatCounters />
        <ul className="grid gap-5 sm:grid-cols-2">
          {SERVICES.map((service) => (
            <li key={service.to} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <service.icon aria-hidden="true" className="size-7 text-primary" />
                <h2 className="card-title">{i18n._(service.title)}</h2>
                <p className="text-base-content/80">{i18n._(service.text)}</p>
                <div className="card-actions mt-2">
                  <Link to={service.to} className="btn btn-primary btn-sm">
                    {i18n._(service.open)}
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
