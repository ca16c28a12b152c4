import { CalendarDays, Star } from "lucide-react";

/** The weekly meetup, always on top of the events screen. */
export function FeaturedMeetup() {
  return (
    <section
      aria-labelledby="featured-meetup"
      className="card overflow-hidden border border-primary/30 bg-gradient-to-br from-primary/15 via-base-100 to-secondary/10 shadow-sm"
    >
      <div className="card-body gap-2">
        <span className="badge badge-primary gap-1">
          <Star aria-hidden="true" className="size-3" />
          Featured
        </span>
        <h2 id="featured-meetup" className="text-2xl font-bold">
          Weekly Community Meetup
        </h2>
        <p className="flex items-center gap-2 font-medium">
          <CalendarDays aria-hidden="true" className="size-4 text-primary" />
          Every Saturday, 6 PM
        </p>
        <p className="text-base-content/70">
          Meet other members, share what you are learning and plan the week's study sessions.
          Everyone is welcome.
        </p>
      </div>
    </section>
  );
}
