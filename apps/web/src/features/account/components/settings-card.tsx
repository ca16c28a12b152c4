import type { ReactNode } from "react";
import { useId } from "react";
import { cn } from "@/lib/cn.ts";

/** One section of the settings page: a card with its heading, a line about it and its content. */
export function SettingsCard({
  id,
  title,
  lead,
  danger = false,
  children,
}: {
  /** The section's anchor, for a link to it (`/settings#id`). */
  id?: string;
  title: string;
  lead?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "card scroll-mt-20 border bg-base-100 shadow-sm",
        danger ? "border-error/50" : "border-base-300",
      )}
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className={cn("card-title text-xl", danger && "text-error")}>
          {title}
        </h2>
        {lead ? <div className="text-sm text-base-content/70">{lead}</div> : null}

        {children}
      </div>
    </section>
  );
}
