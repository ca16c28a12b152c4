import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

type PageIntroProps = {
  title: string;
  children: ReactNode;
  /** The page's main button, e.g. 'Add Your Thought'. */
  action: { label: string; icon: LucideIcon; onClick: () => void };
};

/** A community page's heading, its one-line text and its main button. */
export function PageIntro({
  title,
  children,
  action: { label, icon: Icon, onClick },
}: PageIntroProps) {
  return (
    <section className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-base-content/70">{children}</p>
      </div>
      <button type="button" className="btn btn-primary shrink-0" onClick={onClick}>
        <Icon aria-hidden="true" className="size-5" />
        {label}
      </button>
    </section>
  );
}
