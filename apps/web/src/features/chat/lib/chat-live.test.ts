import { CHAT_TYPING_EXPIRES_MS, CHAT_TYPING_INTERVAL_MS } from "@kindred/shared";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearTyping,
  noteTyping,
  sendTyping,
  setFrameSender,
  typingDone,
  useTyping,
} from "./chat-live.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  setFrameSender(undefined);
  clearTyping("ben");
  typingDone("ben");
  vi.useRealTimers();
});

describe("sendTyping", () => {
  it("sends one frame per interval however fast the person types", () => {
    const frames: string[] = [];
    setFrameSender((frame) => frames.push(frame));
    // Ten keystrokes a second for ten seconds.
    for (let i = 0; i < 100; i++) {
      sendTyping("ben");
      vi.advanceTimersByTime(100);
    }
    expect(frames.length).toBe(Math.ceil(10_000 / CHAT_TYPING_INTERVAL_MS));
    expect(JSON.parse(frames[0] ?? "")).toEqual({ type: "typing", to: "ben" });
  });

  it("sends again at once after a sent message", () => {
    const frames: string[] = [];
    setFrameSender((frame) => frames.push(frame));
    sendTyping("ben");
    typingDone("ben");
    sendTyping("ben");
    expect(frames.length).toBe(2);
  });

  it("tells typing from before the socket opened once it opens, while it is still recent", () => {
    sendTyping("ben");
    vi.advanceTimersByTime(CHAT_TYPING_EXPIRES_MS - 100);
    const frames: string[] = [];
    setFrameSender((frame) => frames.push(frame));
    expect(frames.map((frame) => JSON.parse(frame))).toEqual([{ type: "typing", to: "ben" }]);
    // Told once: the interval holds from then.
    sendTyping("ben");
    expect(frames.length).toBe(1);
  });

  it("forgets typing from before the socket opened when it is old or the message went", () => {
    const frames: string[] = [];
    sendTyping("ben");
    vi.advanceTimersByTime(CHAT_TYPING_EXPIRES_MS);
    setFrameSender((frame) => frames.push(frame));
    setFrameSender(undefined);
    sendTyping("ben");
    typingDone("ben");
    setFrameSender((frame) => frames.push(frame));
    expect(frames).toEqual([]);
  });
});

describe("useTyping", () => {
  it("shows the other person typing until the time is up", () => {
    const { result } = renderHook(() => useTyping("ben"));
    expect(result.current).toBe(false);
    act(() => noteTyping("ben"));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(CHAT_TYPING_EXPIRES_MS - 100));
    act(() => noteTyping("ben"));
    act(() => vi.advanceTimersByTime(CHAT_TYPING_EXPIRES_MS - 100));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(false);
  });
});
