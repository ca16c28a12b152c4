import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STAT_LABELS } from "@/components/ui/stat-labels.ts";
import { LANDING_STATS, STAT_TICK_MS } from "@/config/ui.ts";
import { i18n } from "@/i18n/runtime.tsx";
import { failure, mockFetch, ok } from "@/test/mock-fetch.ts";
import { preferReducedMotion } from "@/test/reduced-motion.ts";
import { StatCounters } from "./stat-counters.tsx";

/** An IntersectionObserver the test drives: `enterView()` tells every observer the list is seen. */
function controllableView() {
  const callbacks: IntersectionObserverCallback[] = [];
  class Observer {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", Observer);
  return () =>
    act(() => {
      for (const callback of callbacks) {
        callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
      }
    });
}

const shown = () => screen.getAllByTestId("stat-value").map((value) => value.textContent);

/** Waits until the figures have arrived (each card carries its real figure once it has). */
async function figuresArrived() {
  const values = await screen.findAllByTestId("stat-value");
  await vi.waitFor(() => expect(values[0]).toHaveAttribute("data-target"));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("StatCounters", () => {
  it("counts up from 0 to the real figures once in view, and stops on them", async () => {
    preferReducedMotion(false);
    const enterView = controllableView();
    const calls = mockFetch((call) =>
      call.path === "/stats" ? ok({ users: 10_000, connections: 3, interests: 120 }) : undefined,
    );
    render(<StatCounters />);
    await figuresArrived();
    expect(calls.map((call) => call.path)).toEqual(["/stats"]);
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(
      LANDING_STATS.map((stat) => `0${i18n._(STAT_LABELS[stat.key])}`),
    );

    vi.useFakeTimers();
    // Nothing moves before the counters are seen.
    act(() => vi.advanceTimersByTime(10 * STAT_TICK_MS));
    expect(shown()).toEqual(["0", "0", "0"]);

    enterView();
    act(() => vi.advanceTimersByTime(STAT_TICK_MS));
    // 10,000 climbs at the specification's pace (123 a tick); small figures by 1 or more.
    expect(shown()).toEqual(["123", "1", "2"]);
    act(() => vi.advanceTimersByTime(40 * STAT_TICK_MS));
    expect(shown()).toEqual(["5,043", "3", "82"]);
    act(() => vi.advanceTimersByTime(60 * STAT_TICK_MS));
    expect(shown()).toEqual(["10,000", "3", "120"]);
    act(() => vi.advanceTimersByTime(20 * STAT_TICK_MS));
    expect(shown()).toEqual(["10,000", "3", "120"]);
  });

  it("shows the real figures at once with reduced motion, before any scroll", async () => {
    preferReducedMotion();
    controllableView();
    mockFetch((call) =>
      call.path === "/stats" ? ok({ users: 42, connections: 17, interests: 1_234 }) : undefined,
    );
    render(<StatCounters />);
    await vi.waitFor(() => expect(shown()).toEqual(["42", "17", "1,234"]));
  });

  it("shows a dash, not a made-up number, when the figures cannot be read", async () => {
    preferReducedMotion();
    controllableView();
    mockFetch(() => failure(503, "DB_UNAVAILABLE", "The database is not answering."));
    render(<StatCounters />);
    await vi.waitFor(() =>
      expect(shown()).toEqual(["–", "–", "–"].map((dash) => `${dash}Not available right now`)),
    );
    expect(screen.getAllByText("Not available right now")).toHaveLength(3);
  });
});
