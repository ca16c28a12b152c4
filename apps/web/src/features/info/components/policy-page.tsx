import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { PageIntro } from "@/components/ui/page-intro.tsx";

export type PolicySection = { heading: MessageDescriptor; body: ReactNode };

type PolicyPageProps = {
  title: string;
  /** The date the text applies from, as an ISO date ("2026-11-27"); shown in the reader's language. */
  updated: string;
  sections: PolicySection[];
};

/** Privacy, terms and cookies: a title, the date it applies from, and its sections. */
export function PolicyPage({ title, updated, sections }: PolicyPageProps) {
  const { t, i18n } = useLingui();
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${updated}T12:00:00Z`),
  );
  return (
    <>
      <PageIntro title={title} lead={t`Last updated ${date}`} />
      <article className="mx-auto max-w-3xl px-4 py-10">
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-6">
            {sections.map((section) => (
              <section key={section.heading.id} className="flex flex-col gap-2">
                <h2 className="text-xl font-bold">{i18n._(section.heading)}</h2>
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
