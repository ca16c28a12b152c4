import type { QueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { ThemeProvider } from "@/components/ui/theme-toggle.tsx";

/**
 * A query client handed in from outside (tests start each run with an empty cache). The query
 * cache itself is created by the lazily loaded app shell, so the landing page does not carry it.
 */
const QueryClientSeed = createContext<QueryClient | undefined>(undefined);

export function useQueryClientSeed(): QueryClient | undefined {
  return useContext(QueryClientSeed);
}

export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientSeed.Provider value={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientSeed.Provider>
  );
}
