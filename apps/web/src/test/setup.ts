import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// How long findBy*/waitFor wait for the screen to show what a test awaits. The library's 1 s is
// tight on a 2-core machine running every suite at once; an awaited state that never comes
// still fails, just later.
configure({ asyncUtilTimeout: 3_000 });

// The toaster's code loads apart from the screens (components/ui/toast.tsx). Loaded here once per
// test file, it is as quick to arrive as from a warm browser cache, so tests that time a toast
// with fake timers count from the press, not from a module transformed on first use.
await import("@/components/ui/toaster-view.tsx");

// The robot check's widget needs a secure context and workers: a stand-in solves it at once.
vi.mock("@/components/ui/altcha-widget.tsx", () => import("./altcha-stub.tsx"));

// A console error in a component test fails it (conventions, habit 9).
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  document.documentElement.removeAttribute("data-theme");
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
  }
});

// jsdom has no layout observers; motion's in-view animations only need them to exist.
class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = "";
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (!("IntersectionObserver" in window)) {
  Object.assign(window, { IntersectionObserver: IntersectionObserverStub });
}
window.scrollTo = () => {};

// jsdom has no ResizeObserver; Radix's menu positioning only needs it to exist.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!("ResizeObserver" in window)) {
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}
