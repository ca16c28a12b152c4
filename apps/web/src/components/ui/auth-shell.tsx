import type { ReactNode } from "react";
import { BrandHeader } from "@/components/ui/brand-header.tsx";
import { LANDING_NAV_SOLID_AFTER_PX } from "@/config/ui.ts";
import { useScrolledPast } from "@/lib/use-scrolled-past.ts";

export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  // Over the page's background at the top, as on the landing page; solid once the form scrolls
  // under it (the sign-up form is taller than a phone's screen).
  const solidNav = useScrolledPast(LANDING_NAV_SOLID_AFTER_PX);
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <BrandHeader variant={solidNav ? "solid" : "transparent"} />
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center">
        <section
          aria-labelledby="auth-title"
          className="card w-full max-w-md border border-base-300 bg-base-100 shadow-xl"
        >
          <div className="card-body gap-4">
            <div>
              <h1 id="auth-title" className="text-2xl font-bold">
                {title}
              </h1>
              <p className="text-sm text-base-content/70">{subtitle}</p>
            </div>
            {children}
          </div>
        </section>
      </main>
    </div>
  );
}
