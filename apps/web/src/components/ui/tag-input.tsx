import { SKILL_MAX_LENGTH } from "@kindred/shared/constants";
import { closeSkillName } from "@kindred/shared/skill-spelling";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { X } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { MESSAGES } from "@/config/copy.ts";
import { HINT_TOAST_MS, TAGS_TOAST_MS } from "@/config/ui.ts";
import { cn } from "@/lib/cn.ts";
import { Field } from "./field.tsx";
import { SkillSuggestionList, useSkillCombobox } from "./skill-combobox.tsx";
import { showToast } from "./toast.tsx";

export type TagInputProps = {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  id?: string;
  error?: string;
  description?: string;
  onBlur?: () => void;
  /** The field's placeholder; the specification's 'Add a tag' unless another field needs its own. */
  placeholder?: string;
};

/** The shared skills rule's own sentence, said while the typed tag is over the limit. */
export const tagTooLong = () => t`Each skill must be at most ${SKILL_MAX_LENGTH} characters`;

/** Tags taken from typed text: the new ones (no repeats, none over the limit) and what stays typed. */
export function takeTags(tags: string[], parts: string[]): { added: string[]; rest: string[] } {
  const added: string[] = [];
  const rest: string[] = [];
  const seen = new Set(tags.map((tag) => tag.toLowerCase()));
  for (const part of parts) {
    const tag = part.trim();
    if (!tag) continue;
    // Too long: kept in the field, whole, for the person to shorten; never cut silently.
    if (tag.length > SKILL_MAX_LENGTH) rest.push(tag);
    else if (!seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      added.push(tag);
    }
  }
  return { added, rest };
}

/**
 * Adds the typed tag on Enter, Tab or a comma, removes the last one on Backspace in an empty
 * field. A tag over the length limit is refused with a message at the field.
 */
export function TagInput({
  label,
  tags,
  onChange,
  id,
  error,
  description,
  onBlur,
  placeholder = MESSAGES.tagPlaceholder,
}: TagInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [draft, setDraft] = useState("");
  const tooLong = draft.split(",").some((part) => part.trim().length > SKILL_MAX_LENGTH);
  const combobox = useSkillCombobox({ draft, taken: tags, hidden: tooLong });
  /** A typed tag that looks like a typo of a canonical skill, held until the person chooses. */
  const [typo, setTypo] = useState<{ typed: string; name: string } | null>(null);

  /** Adds a suggested skill in its canonical spelling, in place of what was typed. */
  function choose(name: string) {
    setDraft("");
    setTypo(null);
    combobox.cleared();
    if (!tags.some((tag) => tag.toLowerCase() === name.toLowerCase())) onChange([...tags, name]);
  }

  /**
   * Holds back a typed tag that looks like a typo of a suggested canonical skill ("pyhton":
   * Python) and asks; the tags typed before it are added. True when one was held.
   */
  function holdTypo(parts: string[], typing = ""): boolean {
    for (const [index, part] of parts.entries()) {
      const typed = part.trim();
      const name = typed ? closeSkillName(typed, combobox.suggestions) : null;
      if (!name) continue;
      const { added } = takeTags(tags, parts.slice(0, index));
      if (added.length > 0) onChange([...tags, ...added]);
      setDraft([typed, ...parts.slice(index + 1), typing].filter(Boolean).join(","));
      setTypo({ typed, name });
      combobox.close();
      return true;
    }
    return false;
  }

  /** The answer to "Did you mean…?": the canonical name, or the text as it was typed. */
  function settleTypo(tag: string) {
    const rest = draft.split(",").slice(1);
    setTypo(null);
    addParts([tag, ...rest], "", false);
  }

  /** Adds what `parts` hold; `typing` is what stays in the field after them. */
  function addParts(parts: string[], typing = "", checkSpelling = true): boolean {
    if (checkSpelling && holdTypo(parts, typing)) return true;
    const { added, rest } = takeTags(tags, parts);
    setDraft([...rest, typing].filter(Boolean).join(","));
    if (added.length > 0) onChange([...tags, ...added]);
    return parts.some((part) => part.trim());
  }

  function addDraft(): boolean {
    return addParts(draft.split(","));
  }

  function handleDraftChange(value: string) {
    combobox.typed();
    setTypo(null);
    if (!value.includes(",")) {
      setDraft(value);
      return;
    }
    // A comma ends a tag, typed or pasted; the text after the last comma is still being typed.
    const parts = value.split(",");
    const typing = parts.pop() ?? "";
    addParts(parts, typing);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (combobox.navigate(event)) return;
    const { chosen } = combobox;
    if ((event.key === "Enter" || event.key === "Tab") && chosen) {
      event.preventDefault();
      choose(chosen.name);
    } else if (event.key === "Enter") {
      // Enter never submits the surrounding form from here.
      event.preventDefault();
      addDraft();
    } else if (event.key === "Tab" && !event.shiftKey) {
      // Tab only adds when there is text; otherwise focus moves on as usual.
      if (draft.trim()) {
        event.preventDefault();
        addDraft();
      }
    } else if (event.key === "Backspace" && draft === "" && tags.length > 0) {
      event.preventDefault();
      onChange(tags.slice(0, -1));
    }
  }

  function removeTag(index: number) {
    onChange(tags.filter((_, i) => i !== index));
  }

  return (
    <Field id={inputId} label={label} hint={description} error={tooLong ? tagTooLong() : error}>
      {(controlProps) => (
        <>
          <div
            className={cn(
              "input relative h-auto min-h-10 w-full flex-wrap gap-1.5 py-1.5",
              (tooLong || error) && "input-error",
            )}
          >
            {tags.length > 0 ? (
              <ul aria-label={t`Added tags`} className="contents">
                {tags.map((tag, index) => (
                  <li key={tag} className="badge badge-primary gap-1 pr-1">
                    <span>{tag}</span>
                    <button
                      type="button"
                      aria-label={t`Remove ${tag}`}
                      className="btn btn-ghost btn-circle btn-xs h-4 min-h-4 w-4 text-primary-content"
                      onClick={() => removeTag(index)}
                    >
                      <X aria-hidden="true" className="size-3" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <input
              {...controlProps}
              {...combobox.inputProps}
              type="text"
              value={draft}
              placeholder={placeholder}
              autoComplete="off"
              // daisyUI sizes an input inside `.input` to 100% of the box, which overflows once the chips wrap.
              className="h-7 min-w-24 flex-1 bg-transparent outline-none"
              onChange={(event) => handleDraftChange(event.target.value)}
              onKeyDown={handleKeyDown}
              onBlur={() => {
                combobox.close();
                addDraft();
                onBlur?.();
              }}
            />
            <SkillSuggestionList
              combobox={combobox}
              onChoose={(suggestion) => choose(suggestion.name)}
            />
          </div>
          {typo ? (
            <fieldset
              aria-label={t`Spelling suggestion`}
              className="mt-1.5 flex flex-wrap items-center gap-2 text-sm"
            >
              <span>
                <Trans>Did you mean {typo.name}?</Trans>
              </span>
              <button
                type="button"
                className="btn btn-primary btn-xs"
                // Before the input's blur: the field keeps its focus.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => settleTypo(typo.name)}
              >
                <Trans>Use {typo.name}</Trans>
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => settleTypo(typo.typed)}
              >
                <Trans>Keep {typo.typed}</Trans>
              </button>
            </fieldset>
          ) : null}
        </>
      )}
    </Field>
  );
}

/**
 * The minimum-tags warning: the message for 3 s, then the hint for 5 s.
 * The pending hint is dropped if the screen goes away first.
 */
export function useMinTagsToast(): () => void {
  const hintTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(hintTimer.current), []);

  return useCallback(() => {
    clearTimeout(hintTimer.current);
    showToast(MESSAGES.minTags, { variant: "error", durationMs: TAGS_TOAST_MS });
    hintTimer.current = setTimeout(() => {
      showToast(MESSAGES.tagsHint, { variant: "info", durationMs: HINT_TOAST_MS });
    }, TAGS_TOAST_MS);
  }, []);
}
