import type { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createTestQueryClient } from "@/test/query-client.tsx";

/** A fresh copy of the module each time: whether the tab has settled is module state. */
async function load() {
  vi.resetModules();
  return (await import("./after-screen-settled.ts")).afterScreenSettled;
}

function pendingRead(queryClient: QueryClient) {
  let answer: (value: string) => void = () => {};
  void queryClient.fetchQuery({
    queryKey: ["screen"],
    queryFn: () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
  });
  return (value: string) => answer(value);
}

/**
 * Fake timers and frames: `paint()` runs the frame callbacks asked for so far (the browser
 * painting a frame) and lets the task queued from them run.
 */
function fakeFrames() {
  vi.useFakeTimers();
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  const paint = async () => {
    for (const frame of frames.splice(0)) frame(0);
    await vi.advanceTimersByTimeAsync(1);
  };
  return { frames, paint };
}

describe("afterScreenSettled", () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = createTestQueryClient();
  });

  it("waits for the screen's reads to answer, then runs once", async () => {
    const afterScreenSettled = await load();
    const answer = pendingRead(queryClient);
    const work = vi.fn();
    afterScreenSettled(queryClient, work);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(work).not.toHaveBeenCalled();

    answer("done");
    await vi.waitFor(() => expect(work).toHaveBeenCalledOnce());
    // Later reads do not run it again.
    pendingRead(createTestQueryClient())("again");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(work).toHaveBeenCalledOnce();
  });

  it("waits for two painted frames after the reads, so the pictures the load waited for are drawn first", async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    const afterScreenSettled = await load();
    const work = vi.fn();
    afterScreenSettled(queryClient, work);
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(1);
    frames.shift()?.(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(work).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames.shift()?.(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
  });

  it("waits until two frames pass in which the page did not change", async () => {
    const { frames, paint } = fakeFrames();
    const paintFrame = async () => {
      expect(frames).toHaveLength(1);
      await paint();
    };
    const afterScreenSettled = await load();
    const work = vi.fn();
    afterScreenSettled(queryClient, work);
    await vi.advanceTimersByTimeAsync(0);

    // The screen commits while the first frames are painted (a guard letting the page through).
    const screenContent = document.createElement("p");
    screenContent.textContent = "No Connections Found";
    document.body.append(screenContent);
    await paintFrame();
    await paintFrame();
    expect(work).not.toHaveBeenCalled();

    // Two frames with nothing new: what the screen drew is on it.
    await paintFrame();
    await paintFrame();
    expect(work).toHaveBeenCalledOnce();
    screenContent.remove();
  });

  it("waits, where the browser reports largest paints, for the last change to reach the screen", async () => {
    const { paint: paintFrame } = fakeFrames();
    let reportPaint: (at: number) => void = () => {};
    class LargestPaints {
      static supportedEntryTypes = ["largest-contentful-paint"];
      constructor(callback: (list: { getEntries: () => { startTime: number }[] }) => void) {
        reportPaint = (at) => callback({ getEntries: () => [{ startTime: at }] });
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal("PerformanceObserver", LargestPaints);
    const afterScreenSettled = await load();
    const work = vi.fn();
    afterScreenSettled(queryClient, work);
    await vi.advanceTimersByTimeAsync(0);
    const screenContent = document.createElement("p");
    screenContent.textContent = "No conversations yet.";
    document.body.append(screenContent);
    await paintFrame();
    await paintFrame();
    // Quiet on the main thread, but the frame with the sentence is not on screen yet.
    await paintFrame();
    await paintFrame();
    expect(work).not.toHaveBeenCalled();

    reportPaint(performance.now());
    await paintFrame();
    await paintFrame();
    expect(work).toHaveBeenCalledOnce();
    screenContent.remove();
  });

  it("settles every caller together: the code the first one starts does not hold up the rest", async () => {
    const { paint: paintFrames } = fakeFrames();
    const afterScreenSettled = await load();
    const menu = document.createElement("div");
    // The first caller's work draws something (an account menu's code arriving).
    const first = vi.fn(() => document.body.append(menu));
    const second = vi.fn();
    afterScreenSettled(queryClient, first);
    afterScreenSettled(queryClient, second);
    await vi.advanceTimersByTimeAsync(0);
    await paintFrames();
    await paintFrames();
    expect(first).toHaveBeenCalledOnce();
    // What it started keeps drawing for a while (a menu, a search box, a socket's badges).
    for (let step = 0; step < 3; step++) {
      menu.textContent = `step ${step}`;
      await paintFrames();
    }
    expect(second).toHaveBeenCalledOnce();
    menu.remove();
  });

  it("waits for a read the screen starts while its first frames are painted", async () => {
    const { paint: paintFrame } = fakeFrames();
    const afterScreenSettled = await load();
    const work = vi.fn();
    afterScreenSettled(queryClient, work);
    await vi.advanceTimersByTimeAsync(0);
    const answer = pendingRead(queryClient);
    await paintFrame();
    await paintFrame();
    await paintFrame();
    await paintFrame();
    expect(work).not.toHaveBeenCalled();

    answer("done");
    await vi.advanceTimersByTimeAsync(1);
    await paintFrame();
    await paintFrame();
    expect(work).toHaveBeenCalledOnce();
  });

  it("runs later callers at once once the tab has settled", async () => {
    const afterScreenSettled = await load();
    const first = vi.fn();
    afterScreenSettled(queryClient, first);
    await vi.waitFor(() => expect(first).toHaveBeenCalledOnce());

    const second = vi.fn();
    afterScreenSettled(queryClient, second);
    expect(second).toHaveBeenCalledOnce();
  });

  it("runs the callers still waiting when one of them cancels", async () => {
    const afterScreenSettled = await load();
    const answer = pendingRead(queryClient);
    const cancelled = vi.fn();
    const kept = vi.fn();
    const cancel = afterScreenSettled(queryClient, cancelled);
    afterScreenSettled(queryClient, kept);
    cancel();
    answer("done");
    await vi.waitFor(() => expect(kept).toHaveBeenCalledOnce());
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("runs every caller's work when one of them fails, and reports the failure", async () => {
    const reported: (() => void)[] = [];
    vi.stubGlobal("queueMicrotask", (task: () => void) => reported.push(task));
    const afterScreenSettled = await load();
    const failure = new Error("the menu's code did not load");
    const after = vi.fn();
    afterScreenSettled(queryClient, () => {
      throw failure;
    });
    afterScreenSettled(queryClient, after);
    await vi.waitFor(() => expect(after).toHaveBeenCalledOnce());
    expect(reported).toHaveLength(1);
    expect(() => reported[0]?.()).toThrow(failure);
  });

  it("never runs what was cancelled before the screen settled", async () => {
    const afterScreenSettled = await load();
    const answer = pendingRead(queryClient);
    const work = vi.fn();
    const cancel = afterScreenSettled(queryClient, work);
    cancel();
    answer("done");
    const other = vi.fn();
    afterScreenSettled(queryClient, other);
    await vi.waitFor(() => expect(other).toHaveBeenCalledOnce());
    expect(work).not.toHaveBeenCalled();
  });
});
