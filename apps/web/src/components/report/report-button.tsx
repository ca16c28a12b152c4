import { Flag } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { cn } from "@/lib/cn.ts";
import type { ReportDialogProps } from "./report-dialog.tsx";

// The dialog (a form: zod, react-hook-form) loads when first opened, not with the screen.
const ReportDialog = lazy(async () => ({
  default: (await import("./report-dialog.tsx")).ReportDialog,
}));

/** The report dialog, loaded when it first opens; nothing while `open` is false. */
export function LazyReportDialog({ open, ...props }: ReportDialogProps & { open: boolean }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}

type ReportButtonProps = Omit<ReportDialogProps, "onClose"> & {
  /** The button's accessible name, e.g. "Report this post" (the visible word is "Report"). */
  label: string;
  className?: string;
  /** Only the flag shows; the label stays for screen readers and as the tooltip. */
  iconOnly?: boolean;
  children?: ReactNode;
};

/** "Report" beside something, opening the report dialog. */
export function ReportButton({
  label,
  className,
  iconOnly = false,
  children,
  ...dialog
}: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={cn("btn btn-ghost btn-sm", iconOnly && "btn-square", className)}
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden="true" className="size-4" />
        {iconOnly ? null : (children ?? "Report")}
      </button>
      <LazyReportDialog {...dialog} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
