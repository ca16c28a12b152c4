import type { QueryClient } from "@tanstack/react-query";
import { createContext, Fragment, type ReactNode, useContext } from "react";
import { ThemeProvider } from "@/components/ui/theme-toggle.tsx";
import { useLocale } from "@/i18n/runtime.tsx";

/**
 * A query client handed in from outside (tests start each run with an empty cache). The query
 * cache itself is created by the lazily loaded app shell, so the landing page does not carry it.
 */
const QueryClientSeed = createContext<QueryClient | undefined>(undefined);

export function useQueryClientSeed(): QueryClient | undefined {
  return useContext(QueryClientSeed);
}

/**
 * A change of language draws every screen again from the start, so texts read outside React's
 * state (the copy's getters, dates formatted once) follow it as well as the components that watch
 * the language. The router keeps its address; queries are read again, in the new language.
 */
function InTheActiveLanguage({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return <Fragment key={locale}>{children}</Fragment>;
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
      <ThemeProvider>
        <InTheActiveLanguage>{children}</InTheActiveLanguage>
      </ThemeProvider>
    </QueryClientSeed.Provider>
  );
}
