import { SITE_STATS_MAX_AGE_MS, type SiteStats } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { countConnections } from "../requests/service.ts";
import { countInterestsInUse } from "../skills/service.ts";
import { countPeople } from "../users/service.ts";

// The landing and about counters: real counts, each asked of the module that owns its table.
// Three counts over whole tables are too much for every visit, so one reading serves everyone for
// up to a minute (by app.now(), which tests move).

export type SiteStatsReader = () => Promise<SiteStats>;

/** Counts everything now, each count from its owner. */
async function countSiteStats(app: FastifyInstance): Promise<SiteStats> {
  const [users, connections, interests] = await Promise.all([
    countPeople(app.db),
    countConnections(app.db),
    countInterestsInUse(app.db),
  ]);
  return { users, connections, interests };
}

/**
 * The statistics, counted again once the last reading is a minute old. Visitors who arrive while
 * a count runs share it; a failed count is not kept, so the next visit tries again.
 */
export function siteStatsReader(app: FastifyInstance): SiteStatsReader {
  let kept: { stats: SiteStats; at: number } | undefined;
  let counting: Promise<SiteStats> | undefined;
  return () => {
    const now = app.now().getTime();
    // A clock moved back (a test, a corrected system time) counts as stale too.
    if (kept && now >= kept.at && now - kept.at < SITE_STATS_MAX_AGE_MS) {
      return Promise.resolve(kept.stats);
    }
    counting ??= countSiteStats(app)
      .then((stats) => {
        kept = { stats, at: now };
        return stats;
      })
      .finally(() => {
        counting = undefined;
      });
    return counting;
  };
}
