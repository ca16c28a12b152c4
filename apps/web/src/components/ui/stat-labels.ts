import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { LANDING_STATS } from "@/config/ui.ts";

/** Each landing counter's label (the counters' figures and pace are in config/ui.ts). */
export const STAT_LABELS: Record<(typeof LANDING_STATS)[number]["key"], MessageDescriptor> = {
  users: msg`People on Kindred`,
  connections: msg`Connections made`,
  interests: msg`Interests shared`,
};
