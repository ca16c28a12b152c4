import { Trans } from "@lingui/react/macro";
import { type LucideIcon, RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { MESSAGES } from "@/config/copy.ts";

/** The 'Loading...' state of a list or screen, announced to screen readers. */
export function LoadingPanel() {
  return (
    <div className="flex flex-col items-center gap-3 py-16" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <p className="text-base-content/70">{MESSAGES.loading}</p>
    </div>
  );
}

type EmptyPanelProps = {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
};

/** An empty list: an icon, the spec's empty text, and what to do next. */
export function EmptyPanel({ icon: Icon, title, children }: EmptyPanelProps) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <Icon aria-hidden="true" className="size-14 text-base-content/40" />
      <p className="text-xl font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** A list that could not load: what failed, and a way to try again. */
export function ErrorPanel({
  title,
  onRetry,
  retrying,
}: {
  title: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <TriangleAlert aria-hidden="true" className="size-8 text-error" />
      <p className="font-semibold">{title}</p>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={onRetry}
        disabled={retrying}
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
