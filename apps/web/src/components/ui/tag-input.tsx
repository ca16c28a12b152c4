import {
  HINT_TOAST_MS,
  MESSAGES,
  SKILL_MAX_LENGTH,
  TAGS_TOAST_MS,
} from "@kindred/shared/constants";
import { X } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/cn.ts";
import { Field } from "./field.tsx";
import { showToast } from "./toast.tsx";

export type TagInputProps = {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  id?: string;
  error?: string;
  description?: string;
  onBlur?: () => void;
};

/** Adds the typed tag on Enter or Tab, removes the last one on Backspace in an empty field. */
export function TagInput({ label, tags, onChange, id, error, description, onBlur }: TagInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [draft, setDraft] = useState("");

  function addDraft(): boolean {
    const tag = draft.trim().slice(0, SKILL_MAX_LENGTH);
    if (!tag) return false;
    setDraft("");
    if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return true;
    onChange([...tags, tag]);
    return true;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
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
    <Field id={inputId} label={label} hint={description} error={error}>
      {(controlProps) => (
        <div
          className={cn(
            "input h-auto min-h-10 w-full flex-wrap gap-1.5 py-1.5",
            error && "input-error",
          )}
        >
          {tags.length > 0 ? (
            <ul aria-label="Added tags" className="contents">
              {tags.map((tag, index) => (
                <li key={tag} className="badge badge-primary gap-1 pr-1">
                  <span>{tag}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${tag}`}
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
            type="text"
            value={draft}
            maxLength={SKILL_MAX_LENGTH}
            placeholder={MESSAGES.tagPlaceholder}
            autoComplete="off"
            // daisyUI sizes an input inside `.input` to 100% of the box, which overflows once the chips wrap.
            className="h-7 min-w-24 flex-1 bg-transparent outline-none"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
            onBlur={() => {
              addDraft();
              onBlur?.();
            }}
          />
        </div>
      )}
    </Field>
  );
}

/**
 * The minimum-tags warning of spec section 5: the message for 3 s, then the hint for 5 s.
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
