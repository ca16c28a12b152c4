import type { ReactNode } from "react";
import { PageIntro } from "@/components/ui/page-intro.tsx";

export type PolicySection = { heading: string; body: ReactNode };

type PolicyPageProps = {
  title: string;
  /** The date the text applies from, as people read it ("November 27, 2026"). */
  updated: string;
  sections: PolicySection[];
};

/** Privacy, terms and cookies: a title, the date it applies from, and its sections. */
export function PolicyPage({ title, updated, sections }: PolicyPageProps) {
  return (
    <>
      <PageIntro title={title} lead={`Last updated ${updated}`} />
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
