import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { BrandHeader } from "./brand-header.tsx";

export type ComingSoonProps = {
  title: string;
  /** Screens outside the main layout bring their own way back. */
  standalone?: boolean;
};

/** One placeholder for every screen a later release fills in. */
export function ComingSoon({ title, standalone = false }: ComingSoonProps) {
  const panel = (
    <section
      aria-labelledby="coming-soon-title"
      className="card mx-auto w-full max-w-xl border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body items-center gap-4 text-center">
        <span className="rounded-full bg-primary/10 p-4 text-primary">
          <Sparkles aria-hidden="true" className="size-8" />
        </span>
        <h1 id="coming-soon-title" className="text-3xl font-bold">
          {title}
        </h1>
        <p className="badge badge-outline badge-primary">Coming soon</p>
        <p className="text-base-content/70">
          We are still building this part of Kindred. Check back soon.
        </p>
        <Link to={paths.landing} className="btn btn-primary btn-sm">
          Back to the home page
        </Link>
      </div>
    </section>
  );

  if (!standalone) return <div className="px-4 py-16">{panel}</div>;
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <BrandHeader variant="transparent" />
      <main className="flex flex-1 items-center px-4 pb-16">{panel}</main>
    </div>
  );
}
