import { useLingui } from "@lingui/react/macro";
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { cn } from "@/lib/cn.ts";

// The hours of a day; the week's days are the columns below. (The shared AVAILABILITY_HOURS lives
// beside the schemas, which this screen does not load.)
const AVAILABILITY_HOURS = 24;

/** A slot's key: day (0 Sunday to 6) × 24 + hour. */
export const slotKey = (day: number, hour: number) => day * AVAILABILITY_HOURS + hour;

/** The columns, Monday first as a week is planned; the slots keep the server's 0 = Sunday. */
const DAY_COLUMNS = [1, 2, 3, 4, 5, 6, 0] as const;
const HOURS = Array.from({ length: AVAILABILITY_HOURS }, (_, hour) => hour);

/** 1 January 2023 was a Sunday: day d is 1 + d January, named in the viewer's language. */
function dayName(day: number, weekday: "short" | "long", locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday, timeZone: "UTC" }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}

const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

type Cell = { column: number; hour: number };

/**
 * The week as a table: days are columns, hours rows, each hour a toggle button named for screen
 * readers ("Monday 09:00 to 10:00", pressed when free). A click or a tap turns an hour on or off;
 * dragging with a mouse paints the hours it passes with what the first one became. From the
 * keyboard the table is one stop: the arrow keys move (Home and End to the row's ends, Page Up
 * and Page Down six hours), and Space or Enter turns the hour on or off.
 */
export function AvailabilityGrid({
  slots,
  onSet,
  labelledBy,
  disabled = false,
}: {
  slots: ReadonlySet<number>;
  /** Turns these slots on or off. */
  onSet: (keys: number[], on: boolean) => void;
  labelledBy: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [active, setActive] = useState<Cell>({ column: 0, hour: 9 });
  const painting = useRef<boolean | null>(null);
  // A mouse press has already turned the hour over: the click that follows it must not again.
  const pressed = useRef(false);
  const tableRef = useRef<HTMLTableElement>(null);
  const shortNames = DAY_COLUMNS.map((day) => dayName(day, "short", i18n.locale));
  const longNames = DAY_COLUMNS.map((day) => dayName(day, "long", i18n.locale));

  useEffect(() => {
    const stop = () => {
      painting.current = null;
    };
    window.addEventListener("pointerup", stop);
    window.addEventListener("pointercancel", stop);
    return () => {
      window.removeEventListener("pointerup", stop);
      window.removeEventListener("pointercancel", stop);
    };
  }, []);

  const keyOf = ({ column, hour }: Cell) => slotKey(DAY_COLUMNS[column] ?? 0, hour);

  function focusCell(cell: Cell) {
    setActive(cell);
    tableRef.current
      ?.querySelector<HTMLElement>(`[data-cell="${cell.column}-${cell.hour}"]`)
      ?.focus();
  }

  function toggle(cell: Cell) {
    if (disabled) return;
    onSet([keyOf(cell)], !slots.has(keyOf(cell)));
  }

  function onPointerDown(event: PointerEvent<HTMLElement>, cell: Cell) {
    // Touch screens scroll with a drag: a tap (its click) turns one hour over.
    pressed.current = false;
    if (disabled || event.pointerType === "touch" || event.button !== 0) return;
    const on = !slots.has(keyOf(cell));
    painting.current = on;
    pressed.current = true;
    onSet([keyOf(cell)], on);
    setActive(cell);
  }

  function onPointerEnter(cell: Cell) {
    if (painting.current === null || disabled) return;
    onSet([keyOf(cell)], painting.current);
  }

  function onClick(event: MouseEvent<HTMLElement>, cell: Cell) {
    setActive(cell);
    // A click from the keyboard (Space, Enter) has no pointer before it.
    if (event.detail !== 0 && pressed.current) {
      pressed.current = false;
      return;
    }
    toggle(cell);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, cell: Cell) {
    const last = DAY_COLUMNS.length - 1;
    const moves: Record<string, Cell> = {
      ArrowLeft: { ...cell, column: Math.max(0, cell.column - 1) },
      ArrowRight: { ...cell, column: Math.min(last, cell.column + 1) },
      ArrowUp: { ...cell, hour: Math.max(0, cell.hour - 1) },
      ArrowDown: { ...cell, hour: Math.min(AVAILABILITY_HOURS - 1, cell.hour + 1) },
      Home: { ...cell, column: 0 },
      End: { ...cell, column: last },
      PageUp: { ...cell, hour: Math.max(0, cell.hour - 6) },
      PageDown: { ...cell, hour: Math.min(AVAILABILITY_HOURS - 1, cell.hour + 6) },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    focusCell(next);
  }

  return (
    <table
      ref={tableRef}
      aria-labelledby={labelledBy}
      className="w-full table-fixed border-separate border-spacing-0.5 text-xs select-none"
    >
      <thead>
        <tr>
          <td className="sticky top-0 z-10 w-12 bg-base-100" />
          {DAY_COLUMNS.map((day, column) => (
            <th
              key={day}
              scope="col"
              abbr={longNames[column]}
              className="sticky top-0 z-10 bg-base-100 py-1 text-center font-medium"
            >
              {shortNames[column]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {HOURS.map((hour) => (
          <tr key={hour}>
            <th
              scope="row"
              className="pe-1 text-end align-top font-normal text-base-content/70 tabular-nums"
            >
              {hourText(hour)}
            </th>
            {DAY_COLUMNS.map((day, column) => {
              const cell = { column, hour };
              const on = slots.has(slotKey(day, hour));
              const focused = active.column === column && active.hour === hour;
              const dayLong = longNames[column];
              const from = hourText(hour);
              const to = hourText((hour + 1) % 24);
              return (
                <td key={day} className="p-0">
                  <button
                    type="button"
                    data-cell={`${column}-${hour}`}
                    tabIndex={focused ? 0 : -1}
                    aria-pressed={on}
                    aria-label={t`${dayLong} ${from} to ${to}`}
                    disabled={disabled}
                    className={cn(
                      "block h-5 w-full cursor-pointer rounded-sm transition-colors",
                      "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-base-content",
                      on
                        ? "bg-primary hover:bg-primary/80"
                        : "bg-base-content/8 hover:bg-base-content/20",
                      "disabled:cursor-wait disabled:opacity-60",
                    )}
                    onPointerDown={(event) => onPointerDown(event, cell)}
                    onPointerEnter={() => onPointerEnter(cell)}
                    onClick={(event) => onClick(event, cell)}
                    onKeyDown={(event) => onKeyDown(event, cell)}
                    onFocus={() => setActive(cell)}
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
