import type { ReactNode } from "react";

type PageIntroProps = { title: string; lead?: ReactNode; children?: ReactNode };

/** The heading band at the top of an informational page. */
export function PageIntro({ title, lead, children }: PageIntroProps) {
  return (
    <header className="bg-gradient-to-br from-primary/10 via-base-200 to-secondary/10 px-4 py-12 text-center sm:py-16">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-3">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {lead ? <p className="text-lg text-base-content/80">{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}
