import type { SkillSuggestion } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { type KeyboardEvent, useId, useState } from "react";
import { cn } from "@/lib/cn.ts";
import { useSkillSuggestions } from "@/lib/skill-suggestions.ts";

type SkillComboboxOptions = {
  /** What is being typed. */
  draft: string;
  /** Skills already taken, in any case: not suggested again. */
  taken?: readonly string[];
  /** No list while this holds (the typed text is refused, say). */
  hidden?: boolean;
};

/**
 * The suggestions under a skill field, as a combobox: arrows move the highlight, Escape closes
 * the list. The highlight is kept by name, so when the list is replaced by the answer for what
 * was typed last, the same skill stays highlighted wherever it now stands (or none, if it is gone).
 */
export function useSkillCombobox({ draft, taken = [], hidden = false }: SkillComboboxOptions) {
  const listId = useId();
  const [activeName, setActiveName] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const takenKeys = new Set(taken.map((skill) => skill.toLowerCase()));
  const suggestions = useSkillSuggestions(draft).filter(
    (suggestion) => !takenKeys.has(suggestion.name.toLowerCase()),
  );
  const active = suggestions.findIndex((suggestion) => suggestion.name === activeName);
  const showList = listOpen && suggestions.length > 0 && !hidden;

  return {
    listId,
    suggestions,
    active,
    showList,
    /** The highlighted suggestion, which Enter or Tab take. */
    chosen: showList ? suggestions[active] : undefined,
    /** Something was typed: the list opens again, nothing highlighted. */
    typed() {
      setActiveName(null);
      setListOpen(true);
    },
    /** A skill was taken: nothing stays highlighted. */
    cleared() {
      setActiveName(null);
    },
    close() {
      setListOpen(false);
    },
    /** Arrows and Escape on the list; true when the key was the list's. */
    navigate(event: KeyboardEvent<HTMLInputElement>): boolean {
      if (!showList) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const count = suggestions.length;
        const down = event.key === "ArrowDown";
        const next =
          active === -1 ? (down ? 0 : count - 1) : (active + (down ? 1 : -1) + count) % count;
        setActiveName(suggestions[next]?.name ?? null);
        return true;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setListOpen(false);
        return true;
      }
      return false;
    },
    /** For the text input: it is the combobox that owns the list. */
    inputProps: {
      role: "combobox",
      "aria-autocomplete": "list",
      "aria-expanded": showList,
      "aria-controls": listId,
      "aria-activedescendant": showList && active >= 0 ? `${listId}-${active}` : undefined,
    } as const,
  };
}

export type SkillCombobox = ReturnType<typeof useSkillCombobox>;

/** The list of suggested skills, with how many people have each; nothing while it is closed. */
export function SkillSuggestionList({
  combobox,
  onChoose,
}: {
  combobox: SkillCombobox;
  onChoose: (suggestion: SkillSuggestion) => void;
}) {
  if (!combobox.showList) return null;
  return (
    <div
      id={combobox.listId}
      role="listbox"
      aria-label={t`Suggested skills`}
      className="absolute top-full right-0 left-0 z-30 mt-1 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
    >
      {combobox.suggestions.map((suggestion, index) => (
        <div
          key={suggestion.name}
          id={`${combobox.listId}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === combobox.active}
          className={cn(
            "flex cursor-pointer items-center justify-between gap-3 rounded-field px-3 py-1.5 text-sm",
            index === combobox.active ? "bg-base-200 ring-2 ring-primary" : "hover:bg-base-200",
          )}
          // Before the input's blur takes the typed text instead.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(suggestion);
          }}
        >
          <span className="truncate font-medium">{suggestion.name}</span>
          <span className="shrink-0 text-xs text-base-content/60">
            {suggestion.people} {suggestion.people === 1 ? "person" : "people"}
          </span>
        </div>
      ))}
    </div>
  );
}
