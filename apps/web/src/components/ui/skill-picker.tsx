import { X } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { cn } from "@/lib/cn.ts";
import { Field } from "./field.tsx";
import { SkillSuggestionList, useSkillCombobox } from "./skill-combobox.tsx";

/** A typed skill as the field's rule takes it (none for an empty field), or the rule's message. */
export type SkillCheck = (text: string) => { skill: string | undefined } | { error: string };

type SkillPickerProps = {
  label: string;
  /** The skill chosen; undefined for none. */
  value: string | undefined;
  onChange: (skill: string | undefined) => void;
  /** The rule a typed skill must meet (the server's own, from the shared schema). */
  check: SkillCheck;
  /** The name of the button that empties the field. */
  clearLabel: string;
  placeholder?: string;
  id?: string;
};

/**
 * One skill, with the same suggestions as the skills field. What is typed is taken on Enter, on
 * choosing a suggestion or on leaving the field; an empty field is no skill. Escape closes the
 * list, then puts back the skill chosen before.
 */
export function SkillPicker({
  label,
  value,
  onChange,
  check,
  clearLabel,
  placeholder,
  id,
}: SkillPickerProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value ?? "");
  const [error, setError] = useState<string>();
  // A skill chosen elsewhere (or cleared) shows in the field.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value ?? "");
    setError(undefined);
  }
  const unchanged = draft.trim() === (value ?? "");
  const combobox = useSkillCombobox({ draft: unchanged ? "" : draft });

  function take(text: string) {
    combobox.cleared();
    combobox.close();
    const checked = check(text);
    if ("error" in checked) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    setDraft(checked.skill ?? "");
    if (checked.skill !== value) onChange(checked.skill);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (combobox.navigate(event)) return;
    const { chosen } = combobox;
    if (event.key === "Enter") {
      event.preventDefault();
      take(chosen ? chosen.name : draft);
    } else if (event.key === "Tab" && chosen) {
      // Focus moves on as usual, with the highlighted skill taken.
      take(chosen.name);
    } else if (event.key === "Escape" && !unchanged) {
      event.preventDefault();
      setDraft(value ?? "");
      setError(undefined);
    }
  }

  return (
    <Field id={inputId} label={label} error={error}>
      {(controlProps) => (
        <div className={cn("input relative w-full gap-1 pr-1", error && "input-error")}>
          <input
            {...controlProps}
            {...combobox.inputProps}
            ref={inputRef}
            type="text"
            value={draft}
            placeholder={placeholder}
            autoComplete="off"
            className="min-w-0 flex-1 bg-transparent outline-none"
            onChange={(event) => {
              setDraft(event.target.value);
              setError(undefined);
              combobox.typed();
            }}
            onKeyDown={handleKeyDown}
            onBlur={() => {
              combobox.close();
              if (!unchanged) take(draft);
            }}
          />
          {value !== undefined || draft !== "" ? (
            <button
              type="button"
              aria-label={clearLabel}
              title={clearLabel}
              className="btn btn-ghost btn-circle btn-xs shrink-0"
              onClick={() => {
                take("");
                // The button goes with the skill: the keyboard stays in the field.
                inputRef.current?.focus();
              }}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          ) : null}
          <SkillSuggestionList
            combobox={combobox}
            onChoose={(suggestion) => take(suggestion.name)}
          />
        </div>
      )}
    </Field>
  );
}
