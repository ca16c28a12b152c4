import type { ReactNode } from "react";
import { BrandHeader } from "@/components/ui/brand-header.tsx";

export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <BrandHeader variant="transparent" />
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
