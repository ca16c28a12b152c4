import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Outlet } from "react-router";
import { AppToaster } from "@/components/ui/toast.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import { useQueryClientSeed } from "./providers.tsx";
import "sonner/dist/styles.css";

/** The query cache and the toasts, which the landing page loads only for a signed-in visitor. */
export function ShellProviders({ children }: { children: ReactNode }) {
  const seed = useQueryClientSeed();
  const [client] = useState(() => seed ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}

/** Everything but the landing page: the query cache and the toasts load with these routes. */
export function AppShell() {
  return (
    <ShellProviders>
      <Outlet />
    </ShellProviders>
  );
}
