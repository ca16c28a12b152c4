import type { SiteStats } from "@kindred/shared";
import { Trans } from "@lingui/react/macro";
import { type RefObject, useEffect, useRef, useState } from "react";
import { STAT_LABELS } from "@/components/ui/stat-labels.ts";
import { LANDING_STATS, STAT_TICK_MS, statStep } from "@/config/ui.ts";
import { i18n } from "@/i18n/runtime.tsx";
import { useSiteStats } from "@/lib/site-stats.ts";
import { useRevealOnce } from "@/lib/use-reveal-once.ts";

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * Whether the element has entered the view once; at once with reduced motion (nothing moves, so
 * the figures may as well be there) or without IntersectionObserver.
 */
function useEnteredView(ref: RefObject<HTMLElement | null>): boolean {
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (prefersReducedMotion() || typeof IntersectionObserver === "undefined") {
      setEntered(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      setEntered(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return entered;
}

/**
 * The three statistics: real counts from `GET /api/stats`, counting up every 50 ms once they are
 * in view and have arrived, and stopping exactly on the real figures. With reduced motion the
 * figures show at once; when they cannot be read, a dash says so instead of a made-up number.
 */
export function StatCounters({ className = "" }: { className?: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const stats = useSiteStats();
  const entered = useEnteredView(ref);
  const [values, setValues] = useState<number[]>(() => LANDING_STATS.map(() => 0));

  useEffect(() => {
    if (!entered || !stats) return;
    const targets = LANDING_STATS.map((stat) => stats[stat.key]);
    if (prefersReducedMotion()) {
      setValues(targets);
      return;
    }
    const steps = LANDING_STATS.map((stat, index) => statStep(stat, targets[index] ?? 0));
    const timer = window.setInterval(() => {
      setValues((current) => {
        const next = targets.map((target, index) =>
          Math.min((current[index] ?? 0) + (steps[index] ?? 1), target),
        );
        if (next.every((value, index) => value === targets[index])) window.clearInterval(timer);
        return next;
      });
    }, STAT_TICK_MS);
    return () => window.clearInterval(timer);
  }, [entered, stats]);

  return (
    <ul ref={ref} className={`grid gap-4 sm:grid-cols-3 ${className}`}>
      {LANDING_STATS.map((stat, index) => (
        <StatCard
          key={stat.key}
          label={i18n._(STAT_LABELS[stat.key])}
          target={stats?.[stat.key]}
          value={stats === null ? null : (values[index] ?? 0)}
        />
      ))}
    </ul>
  );
}

type StatCardProps = {
  label: string;
  /** The real figure once it has arrived. */
  target: SiteStats[keyof SiteStats] | undefined;
  /** Where the count is now; null when the figures could not be read. */
  value: number | null;
};

function StatCard({ label, target, value }: StatCardProps) {
  const ref = useRevealOnce<HTMLLIElement>();
  return (
    <li ref={ref} className="card border border-base-300 bg-base-100 text-center shadow-sm">
      <div className="card-body items-center gap-1 py-6">
        <p
          className="text-4xl font-extrabold text-primary tabular-nums"
          data-testid="stat-value"
          data-target={target}
        >
          {value === null ? (
            <>
              <span aria-hidden="true">–</span>
              <span className="sr-only">
                <Trans>Not available right now</Trans>
              </span>
            </>
          ) : (
            i18n.number(value)
          )}
        </p>
        <p className="text-base-content/70">{label}</p>
      </div>
    </li>
  );
}
