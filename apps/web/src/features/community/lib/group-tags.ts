import type { GroupTag } from "@kindred/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The topics' names as a reader sees them; the value stored stays the English tag. Apart from the
 * create form, so the group cards and pages that show a tag do not load the form with it.
 */
export const GROUP_TAG_LABELS: Record<GroupTag, MessageDescriptor> = {
  Math: msg`Math`,
  Programming: msg`Programming`,
  DSA: msg`DSA`,
  "Machine Learning": msg`Machine Learning`,
};
