import { z } from "zod";

// ---------- the public statistics ----------

const count = z.number().int().nonnegative();

/**
 * What the landing and about counters show: people with an account who are not banned,
 * connections made between them, and the distinct interests (canonical skills) they have.
 */
export const siteStatsSchema = z.object({
  users: count,
  connections: count,
  interests: count,
});
export type SiteStats = z.infer<typeof siteStatsSchema>;

/** How long the server keeps one reading of the statistics before counting again. */
export const SITE_STATS_MAX_AGE_MS = 60_000;
