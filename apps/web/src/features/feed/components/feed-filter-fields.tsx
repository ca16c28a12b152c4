import { useEffect, useRef } from "react";
import { SkillPicker } from "@/components/ui/skill-picker.tsx";
import { FEED_FILTER_COPY } from "@/config/copy.ts";
import {
  checkFilter,
  type FeedFilters,
  SKILL_FILTER_NAMES,
} from "@/features/feed/lib/feed-filters.ts";
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
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector("input")?.focus();
  }, []);
  return (
    <div ref={ref} className="grid gap-x-3 sm:grid-cols-2">
      {SKILL_FILTER_NAMES.map((name) => (
        <SkillPicker
          key={name}
          label={FILTER_WORDS[name].field}
          value={filters[name]}
          placeholder={FEED_FILTER_COPY.anySkill}
          check={checkFilter(name)}
          clearLabel={FILTER_WORDS[name].clear}
          onChange={(skill) => onChange({ ...filters, [name]: skill })}
        />
      ))}
    </div>
  );
}
