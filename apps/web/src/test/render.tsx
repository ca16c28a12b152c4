import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "@/app/providers.tsx";
import { routes } from "@/app/router.tsx";
import { rememberSession } from "@/lib/session-hint.ts";

/** Renders the real route table at `path` with fresh providers and an empty query cache. */
export function renderApp(path: string, options: { queryClient?: QueryClient } = {}) {
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

export type FetchCall = { method: string; path: string; body: unknown; headers: Headers };
type Reply = { status?: number; body?: unknown };
type Handler = (call: FetchCall) => Reply | undefined;

/**
 * Replaces fetch with a small fake server: `handler` answers each call (undefined means 404).
 * Returns the list of calls so a test can check what was (or was not) sent.
 */
export function mockFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const call: FetchCall = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname.replace(/^\/api/, "") + url.search,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const reply = handler(call) ?? {
      status: 404,
      body: { status: 0, code: "NOT_FOUND", message: "Not found" },
    };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
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
  instagramLink: null,
  otherLink: null,
  createdAt: "2025-01-01T00:00:00.000Z",
};

/** For the first look at a lazy route: its module is transformed on first use in a cold run. */
export const firstLoad = { timeout: 4000 } as const;

/** A browser that was signed in before: pages anyone may open then ask for the session too. */
export function rememberSignedIn() {
  rememberSession(true);
}

/**
 * Sonner keeps a toast on screen for its duration, then plays a short exit animation before
 * removing it; tests allow for that animation after the spec's duration.
 */
export const TOAST_EXIT_MS = 400;
