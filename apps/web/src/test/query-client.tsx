import { type DefaultOptions, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";

/**
 * A query cache of the test's own. A read or a write that fails is not tried again, so the
 * failure shows at once; `defaultOptions` adds to that (reads that never go stale, say).
 */
export function createTestQueryClient(defaultOptions: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...defaultOptions,
      queries: { retry: false, ...defaultOptions.queries },
      mutations: { retry: false, ...defaultOptions.mutations },
    },
  });
}

/**
 * The provider that gives what it wraps `queryClient`: the `wrapper` of `render` or `renderHook`.
 * Made once a render, never inside a component, so the tree under it keeps its state.
 */
export function wrapperFor(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

/** Renders `ui` inside a query cache: the test's own if it passes one, else a fresh one. */
export function renderWithQueryClient(
  ui: ReactElement,
  { queryClient = createTestQueryClient() }: { queryClient?: QueryClient } = {},
) {
  return { ...render(ui, { wrapper: wrapperFor(queryClient) }), queryClient };
}
