import type { QueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers.tsx";
import { routes } from "@/app/router.tsx";
import { rememberSession } from "@/lib/session-hint.ts";
import { type FetchCall, ok, type Reply } from "./mock-fetch.ts";
import { createTestQueryClient } from "./query-client.tsx";

export {
  deferred,
  type FetchCall,
  failure,
  mockFetch,
  offline,
  ok,
  type Reply,
} from "./mock-fetch.ts";

/** Renders the real route table at `path` with fresh providers and an empty query cache. */
export function renderApp(path: string, options: { queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

export const unauthenticated: Reply = {
  status: 401,
  body: { status: 0, code: "UNAUTHENTICATED", message: "Please log in" },
};

export function setXsrfCookie(value = "test-xsrf") {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = `XSRF-TOKEN=${value}; path=/`;
}

export const sampleMe = {
  _id: "u-1",
  firstName: "Ada",
  lastName: "Lovelace",
  emailId: "ada@example.com",
  photoUrl: "/api/avatars/u-1.svg",
  age: 28,
  gender: "female" as const,
  about: "I like engines.",
  skills: ["math", "poetry", "engines"],
  learning: [] as string[],
  instagramLink: null,
  otherLink: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  role: "member" as "member" | "moderator" | "admin",
  moderation: null,
  locale: null as "en" | "es" | "ar" | null,
};

/** The badges' counts when a test gives none: nothing unread, nothing pending. */
const NOTHING_UNREAD = { notifications: 0, requests: 0, messages: 0 };

/**
 * The reads every signed-in screen makes: the viewer (`sampleMe`) and the badges' counts.
 * Undefined for any other call, for the test's own answers to follow: `signedInReads(call) ?? …`.
 */
export function signedInReads(call: FetchCall, unread = NOTHING_UNREAD): Reply | undefined {
  if (call.path === "/profile/view") return { body: sampleMe };
  if (call.path === "/notifications/unread") return ok(unread);
  return undefined;
}

/**
 * For the first look at a lazy route: its modules (the app shell, the layout, the page) are
 * transformed on first use in a cold worker, which took over 4 s with both cores busy. The state
 * awaited still has to come; only the wait is longer (the test's own limit is 15 s).
 */
export const firstLoad = { timeout: 12_000 } as const;

/** A browser that was signed in before: pages anyone may open then ask for the session too. */
export function rememberSignedIn() {
  rememberSession(true);
}

/**
 * Sonner keeps a toast on screen for its duration, then plays a short exit animation before
 * removing it; tests allow for that animation after the spec's duration.
 */
export const TOAST_EXIT_MS = 400;

/**
 * Waits until the toaster is on screen, listening: its code loads once the first screen has
 * settled. A test that times a toast with fake timers waits for it first, so the toast's time
 * counts from the press.
 */
export async function toasterListening(): Promise<void> {
  await screen.findByRole("region", { name: /^Notifications/ }, firstLoad);
}
