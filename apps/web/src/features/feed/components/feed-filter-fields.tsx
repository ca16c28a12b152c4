import { useLayoutEffect, useRef } from "react";
import { SkillPicker } from "@/components/ui/skill-picker.tsx";
import {
  checkFilter,
  type FeedFilters,
  SKILL_FILTER_NAMES,
} from "@/features/feed/lib/feed-filters.ts";
import { useLingui } from "@/i18n/runtime.tsx";
import { FEED_COPY } from "../lib/feed-copy.ts";
import { FILTER_WORDS } from "./feed-filters.tsx";

/**
 * The filters' fields, one skill each. Shown when the panel opens: the keyboard goes on into the
 * first field.
 */
export function FeedFilterFields({
  filters,
  onChange,
}: {
  filters: FeedFilters;
  onChange: (filters: FeedFilters) => void;
}) {
  const { _ } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  // In the commit that shows the fields, not after it: the lazily loaded fields can appear
  // before a passive effect runs, and a keystroke in between would land on the button.
  useLayoutEffect(() => {
    ref.current?.querySelector("input")?.focus();
  }, []);
  return (
    <div ref={ref} className="grid gap-x-3 sm:grid-cols-2">
      {SKILL_FILTER_NAMES.map((name) => (
        <SkillPicker
          key={name}
          label={_(FILTER_WORDS[name].field)}
          value={filters[name]}
          placeholder={_(FEED_COPY.anySkill)}
          check={checkFilter(name)}
          clearLabel={_(FILTER_WORDS[name].clear)}
          onChange={(skill) => onChange({ ...filters, [name]: skill })}
        />
      ))}
    </div>
  );
}
