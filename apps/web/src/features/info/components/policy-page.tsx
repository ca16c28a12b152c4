import type { ReactNode } from "react";
import { PageIntro } from "@/components/ui/page-intro.tsx";

export type PolicySection = { heading: string; body: ReactNode };

/** Privacy, terms and cookies: a title, the date it applies from, and its sections. */
export function PolicyPage({ title, sections }: { title: string; sections: PolicySection[] }) {
  return (
    <>
      <PageIntro title={title} lead="Last updated November 22, 2026" />
      <article className="mx-auto max-w-3xl px-4 py-10">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-6">
            {sections.map((section) => (
              <section key={section.heading} className="flex flex-col gap-2">
                <h2 className="text-xl font-bold">{section.heading}</h2>
                <div className="flex flex-col gap-2 leading-relaxed text-base-content/85">
                  {section.body}
                </div>
              </section>
            ))}
          </div>
        </div>
      </article>
    </>
  );
}
