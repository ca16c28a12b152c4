import type { AvailabilitySlot } from "@kindred/shared";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { LoadingPanel } from "@/components/ui/status-panel.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { errorMessageOf } from "@/lib/api-client.ts";
import { useAvailability, useSaveAvailability } from "../api/availability.ts";
import { AvailabilityGrid, slotKey } from "./availability-grid.tsx";
import { SettingsCard } from "./settings-card.tsx";

/** The section's anchor: "Set when you're free" in a chat links here (paths.settingsAvailability). */
const SECTION_ID = "availability";

const keysOf = (slots: readonly AvailabilitySlot[]) =>
  new Set(slots.map(({ day, hour }) => slotKey(day, hour)));

/** The slots in the body's shape, in order (day, then hour). */
function slotsOf(keys: ReadonlySet<number>): AvailabilitySlot[] {
  return [...keys]
    .sort((a, b) => a - b)
    .map((key) => ({ day: Math.floor(key / 24), hour: key % 24 }));
}

function sameKeys(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}

/** "Europe/Paris" reads "Europe/Paris"; "America/New_York" reads "America/New York". */
const zoneName = (zone: string) => zone.replaceAll("_", " ");

/**
 * Settings, "When I'm free": the hours of a usual week this person is free, in their time zone.
 * Nobody else sees them: a connection who suggests a time sees only the hours both are free.
 */
export function AvailabilitySection() {
  const { t } = useLingui();
  const hoursText = (count: number) =>
    count === 0
      ? t`No hours marked yet.`
      : t({ message: plural(count, { one: "# hour a week.", other: "# hours a week." }) });
  const week = useAvailability();
  const save = useSaveAvailability();
  const [edited, setEdited] = useState<Set<number>>();
  const [error, setError] = useState<string>();
  const gridLabelId = useId();
  const location = useLocation();
  const scrolled = useRef(false);
  const stored = useMemo(() => keysOf(week.data?.slots ?? []), [week.data]);
  const slots = edited ?? stored;
  const changed = edited !== undefined && !sameKeys(edited, stored);

  // Opened from "Set when you're free" (a chat): the page goes to this section once it is drawn.
  useEffect(() => {
    if (scrolled.current || !week.data || location.hash !== `#${SECTION_ID}`) return;
    scrolled.current = true;
    document.getElementById(SECTION_ID)?.scrollIntoView({ block: "start" });
  }, [week.data, location.hash]);

  function set(keys: number[], on: boolean) {
    setError(undefined);
    setEdited((current) => {
      const next = new Set(current ?? stored);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!edited || !changed) return;
    save.mutate(
      { slots: slotsOf(edited) },
      {
        onSuccess: () => {
          setEdited(undefined);
          showToast(t`Your free hours are saved.`, { variant: "success" });
        },
        onError: (failure) =>
          setError(errorMessageOf(failure, t`Your free hours could not be saved. Try again.`)),
      },
    );
  }

  let content: ReactNode;
  if (week.isPending) {
    content = <LoadingPanel />;
  } else if (week.isError) {
    content = (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-sm">
          <Trans>Couldn't load your free hours.</Trans>
        </p>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={week.isFetching}
          onClick={() => void week.refetch()}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  } else {
    const zone = zoneName(week.data.timeZone);
    content = (
      <form onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm">
          <Trans>
            Click or drag over the hours you're free. Times are in{" "}
            <span className="font-medium">{zone}</span>.
          </Trans>
        </p>
        <p id={gridLabelId} className="sr-only">
          <Trans>
            Free hours of your week: each day a column, each hour a row. Arrow keys move, Space
            marks an hour free or not.
          </Trans>
        </p>
        <div className="max-h-[60vh] overflow-auto rounded-box border border-base-300 p-1 sm:max-h-none">
          <AvailabilityGrid
            slots={slots}
            onSet={set}
            labelledBy={gridLabelId}
            disabled={save.isPending}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={save.isPending || !changed}
          >
            {save.isPending ? (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            ) : null}
            <Trans>Save</Trans>
          </button>
          {slots.size > 0 ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={save.isPending}
              onClick={() => set([...slots], false)}
            >
              <Trans>Clear all</Trans>
            </button>
          ) : null}
          <p className="text-sm text-base-content/70" aria-live="polite">
            {hoursText(slots.size)}
            {changed ? ` ${t`Not saved yet.`}` : ""}
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </form>
    );
  }

  return (
    <SettingsCard
      id={SECTION_ID}
      title={t`When I'm free`}
      lead={t`Mark the hours you're usually free each week. Nobody sees this: when you or a connection suggest a time to meet, you both see only the hours you're both free.`}
    >
      {content}
    </SettingsCard>
  );
}
