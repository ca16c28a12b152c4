import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { AppToaster } from "@/components/ui/toast.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import { useQueryClientSeed } from "./providers.tsx";
import "sonner/dist/styles.css";

/** Everything but the landing page: the query cache and the toasts load with these routes. */
export function AppShell() {
  const seed = useQueryClientSeed();
  const [client] = useState(() => seed ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Outlet />
      <AppToaster />
    </QueryClientProvider>
  );
}
