import { useEffect, useRef, useState } from "react";
import { LANDING_STATS, STAT_TICK_MS } from "@/config/ui.ts";
import { useRevealOnce } from "@/lib/use-reveal-once.ts";

const CAPS = LANDING_STATS.map((stat) => stat.cap);

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The three statistics, counting up every 50 ms by their steps once they scroll into view and
 * stopping exactly on their caps. With reduced motion the final figures show at once.
 */
export function StatCounters({ className = "" }: { className?: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const [values, setValues] = useState<number[]>(() => LANDING_STATS.map(() => 0));

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (prefersReducedMotion() || typeof IntersectionObserver === "undefined") {
      setValues(CAPS);
      return;
    }
    let timer: number | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      timer = window.setInterval(() => {
        setValues((current) => {
          const next = LANDING_STATS.map((stat, index) =>
            Math.min((current[index] ?? 0) + stat.step, stat.cap),
          );
          if (next.every((value, index) => value === CAPS[index])) window.clearInterval(timer);
          return next;
        });
      }, STAT_TICK_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, []);

  return (
    <ul ref={ref} className={`grid gap-4 sm:grid-cols-3 ${className}`}>
      {LANDING_STATS.map((stat, index) => (
        <StatCard key={stat.label} label={stat.label} cap={stat.cap} value={values[index] ?? 0} />
      ))}
    </ul>
  );
}

function StatCard({ label, cap, value }: { label: string; cap: number; value: number }) {
  const ref = useRevealOnce<HTMLLIElement>();
  return (
    <li ref={ref} className="card border border-base-300 bg-base-100 text-center shadow-sm">
      <div className="card-body items-center gap-1 py-6">
        <p
          className="text-4xl font-extrabold text-primary tabular-nums"
          data-testid="stat-value"
          data-cap={cap}
        >
          {value.toLocaleString("en-US")}
        </p>
        <p className="text-base-content/70">{label}</p>
      </div>
    </li>
  );
}
