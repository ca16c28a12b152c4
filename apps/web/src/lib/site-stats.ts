import type { Envelope, SiteStats } from "@kindred/shared";
import { useEffect, useState } from "react";
import { apiClient } from "./api-client.ts";

/** The real counts the landing and about counters show (the server keeps one reading a minute). */
export async function getSiteStats(signal?: AbortSignal): Promise<SiteStats> {
  return (await apiClient.get<Envelope<SiteStats>>("/stats", { signal })).data;
}

/**
 * The statistics: undefined while they load, null when they could not be read. A plain effect,
 * not the query cache, which the landing page loads without (see app/landing-route.tsx).
 */
export function useSiteStats(): SiteStats | null | undefined {
  const [stats, setStats] = useState<SiteStats | null>();
  useEffect(() => {
    const controller = new AbortController();
    getSiteStats(controller.signal).then(setStats, () => {
      if (!controller.signal.aborted) setStats(null);
    });
    return () => controller.abort();
  }, []);
  return stats;
}
