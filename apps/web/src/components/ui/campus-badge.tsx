import { Trans } from "@lingui/react/macro";
import { GraduationCap } from "lucide-react";
import { cn } from "@/lib/cn.ts";

/**
 * The university a person proved an address at, on their card: a cap and the name, cut to one
 * line with the whole name in the title. Nothing for someone without one. Never the address.
 */
export function CampusBadge({
  university,
  className,
}: {
  university?: string | null;
  className?: string;
}) {
  if (!university) return null;
  return (
    <p
      data-testid="campus-badge"
      title={university}
      className={cn("flex min-w-0 max-w-full items-center gap-1 text-sm font-medium", className)}
    >
      <GraduationCap aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">
        <Trans>University:</Trans>{" "}
      </span>
      <span className="truncate">{university}</span>
    </p>
  );
}
