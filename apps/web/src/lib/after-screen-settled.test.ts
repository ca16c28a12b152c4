import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";

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

describe("afterScreenSettled", () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
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
    pendingRead(new QueryClient())("again");
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

  it("runs later callers at once once the tab has settled", async () => {
    const afterScreenSettled = await load();
    const first = vi.fn();
    afterScreenSettled(queryClient, first);
    await vi.waitFor(() => expect(first).toHaveBeenCalledOnce());

    const second = vi.fn();
    afterScreenSettled(queryClient, second);
    expect(second).toHaveBeenCalledOnce();
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
