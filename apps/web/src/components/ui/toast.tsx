import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useTheme } from "@/components/ui/theme-toggle.tsx";
import { TOAST_MS, TOAST_WAIT_LIMIT_MS } from "@/config/ui.ts";
import { optionalModule } from "@/lib/optional-module.ts";
import type { ToastRequest } from "./toaster-view.tsx";

export type ToastVariant = "success" | "error" | "info";
export type ToastAction = { label: string; onClick: () => void };
export type ToastOptions = { variant?: ToastVariant; durationMs?: number; action?: ToastAction };

// Toasts answer what the person did; no screen needs them to draw itself. Sonner and its styles
// (toaster-view.tsx, 14 kB) load apart: once the first screen has settled (loadToaster, from the
// app shell) or as soon as a toast is asked for, whichever comes first. A toast asked for before
// the toaster listens waits for it and then shows for its full time, unless it waited longer than
// TOAST_WAIT_LIMIT_MS (offline for a while), when it is dropped.

type ToasterModule = typeof import("./toaster-view.tsx");
const toasterModule = optionalModule<ToasterModule>(() => import("./toaster-view.tsx"));

type Waiting = { request: ToastRequest; askedAt: number };
let waiting: Waiting[] = [];
/** The module while a toaster is on screen and listening; undefined before. */
let listening: ToasterModule | undefined;
let toastersListening = 0;
let issued = 0;

/** How many times the toaster's code was asked for; AppToaster loads it on each change. */
let loadRequests = 0;
const loadListeners = new Set<() => void>();

function subscribeToLoads(listener: () => void) {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

const loadRequestCount = () => loadRequests;

/** Asks the toaster on screen to load its code now (or retry a load that failed). */
export function loadToaster(): void {
  if (toasterModule.current()) return;
  loadRequests++;
  for (const listener of loadListeners) listener();
}

function flushWaiting(module: ToasterModule) {
  const now = Date.now();
  const due = waiting;
  waiting = [];
  for (const { request, askedAt } of due) {
    if (now - askedAt < TOAST_WAIT_LIMIT_MS) module.showNow(request);
  }
}

/** Shows a toast for the spec's time (3 s unless told otherwise); returns its id. */
export function showToast(message: string, options: ToastOptions = {}): string {
  issued++;
  const request: ToastRequest = {
    id: `toast-${issued}`,
    message,
    variant: options.variant ?? "info",
    durationMs: options.durationMs ?? TOAST_MS,
    action: options.action,
  };
  if (listening) listening.showNow(request);
  else {
    waiting.push({ request, askedAt: Date.now() });
    loadToaster();
  }
  return request.id;
}

/** Takes a toast away (every toast without an id), shown or still waiting. */
export function dismissToast(id?: string): void {
  waiting = id === undefined ? [] : waiting.filter((entry) => entry.request.id !== id);
  listening?.dismissNow(id);
}

// The width from which the top bar carries the sections and the phone tab bar is gone (md).
const WIDE_SCREEN = "(min-width: 768px)";

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia?.(WIDE_SCREEN);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

function isWideScreen(): boolean {
  return window.matchMedia?.(WIDE_SCREEN).matches ?? true;
}

/**
 * Where toasts appear, never over navigation: on wide screens top centre, below the sticky top
 * bar (top right would cover the account menu); on phones at the bottom, just above the tab bar,
 * because right under the top bar sits each screen's own header with its Back link (a
 * conversation's), at a height that differs per screen. The price: a phone toast may cover the
 * bottom of the content (the message box) while it shows. The newest three show one under the
 * other, not stacked behind each other, so each failure's Retry stays in reach.
 * Draws nothing until its code is asked for (loadToaster, showToast) and has loaded.
 */
export function AppToaster() {
  const { theme } = useTheme();
  const wide = useSyncExternalStore(subscribeToWidth, isWideScreen);
  const requests = useSyncExternalStore(subscribeToLoads, loadRequestCount);
  const [module, setModule] = useState(toasterModule.current);

  useEffect(() => {
    if (module || requests === 0) return;
    let current = true;
    void toasterModule.load().then((loaded) => {
      if (current && loaded) setModule(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [module, requests]);

  const onListening = useCallback(() => {
    if (!module) return () => {};
    toastersListening++;
    listening = module;
    flushWaiting(module);
    return () => {
      toastersListening--;
      if (toastersListening === 0) listening = undefined;
    };
  }, [module]);

  if (!module) return null;
  return <module.ToasterView theme={theme} wide={wide} onListening={onListening} />;
}
