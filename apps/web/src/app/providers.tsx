import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ThemeProvider } from "../components/ui/theme-toggle.tsx";
import { ToastProvider } from "../components/ui/toast.tsx";
import { createQueryClient } from "../lib/query-client.ts";

export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own client so every test starts with an empty cache. */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
