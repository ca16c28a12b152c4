import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Outlet } from "react-router";
import { SuspendedWrites, UnverifiedWrites } from "@/components/moderation/suspended-writes.tsx";
import { AppToaster, loadToaster } from "@/components/ui/toast.tsx";
import { useScreenSettled } from "@/lib/after-screen-settled.ts";
import { createQueryClient } from "@/lib/query-client.ts";
import { useQueryClientSeed } from "./providers.tsx";

/** The toaster's code, once the first screen is in: a toast later shows at once. */
function LoadToasterWhenSettled() {
  const settled = useScreenSettled();
  useEffect(() => {
    if (settled) loadToaster();
  }, [settled]);
  return null;
}

/** The query cache and the toasts, which the landing page loads only for a signed-in visitor. */
export function ShellProviders({ children }: { children: ReactNode }) {
  const seed = useQueryClientSeed();
  const [client] = useState(() => seed ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
      <LoadToasterWhenSettled />
      <SuspendedWrites />
      <UnverifiedWrites />
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
