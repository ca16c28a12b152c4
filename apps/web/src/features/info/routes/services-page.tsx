import { CalendarDays, MessagesSquare, Search, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { PageIntro } from "@/components/ui/page-intro.tsx";
import { StatCounters } from "@/components/ui/stat-counters.tsx";
import { paths } from "@/config/paths.ts";

const SERVICES = [
  {
    title: "Interest matching",
    text: "Type an interest and see who shares it.",
    to: paths.matching,
    icon: Search,
  },
  {
    title: "Events",
    text: "The weekly meetup and the events members put on the calendar.",
    to: paths.events,
    icon: CalendarDays,
  },
  {
    title: "Study groups",
    text: "Groups for Math, Programming, DSA and Machine Learning, or start your own.",
    to: paths.groups,
    icon: UsersRound,
  },
  {
    title: "Community",
    text: "Posts and thoughts from everyone on Kindred.",
    to: paths.community,
    icon: MessagesSquare,
  },
] as const;

export function ServicesPage() {
  return (
    <>
      <PageIntro title="Services" lead="Everything Kindred offers to help you meet your people." />
      <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-12">
        <StatCounters />
        <ul className="grid gap-5 sm:grid-cols-2">
          {SERVICES.map((service) => (
            <li key={service.to} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <service.icon aria-hidden="true" className="size-7 text-primary" />
                <h2 className="card-title">{service.title}</h2>
                <p className="text-base-content/80">{service.text}</p>
                <div className="card-actions mt-2">
                  <Link to={service.to} className="btn btn-primary btn-sm">
                    Open {service.title.toLowerCase()}
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
