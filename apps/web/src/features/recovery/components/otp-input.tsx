import { OTP_LENGTH } from "@kindred/shared";
import { useLingui } from "@lingui/react/macro";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
} from "react";
import { cn } from "@/lib/cn.ts";

export type OtpInputHandle = { focus: () => void };

type OtpInputProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The first box's id, so a label can point at it. */
  id?: string;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
  ref?: Ref<OtpInputHandle>;
};

const DIGIT = /\d/;

function digitsOf(text: string): string {
  return text.replace(/\D/g, "");
}

/** An empty box inside the code is a space, so every digit keeps its position. */
function toValue(chars: string[]): string {
  return chars
    .map((char) => char || " ")
    .join("")
    .trimEnd();
}

/**
 * Six boxes, one digit each. Typing moves to the next box, Backspace on an empty box goes back
 * and clears it, the arrows move, and a pasted (or autofilled) code spreads over the boxes.
 */
export function OtpInput({
  value,
  onChange,
  onBlur,
  id,
  invalid = false,
  disabled = false,
  describedBy,
  ref,
}: OtpInputProps) {
  const { t } = useLingui();
  const length = OTP_LENGTH;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const chars = Array.from({ length: OTP_LENGTH }, (_, index) => (value[index] ?? "").trim());

  useImperativeHandle(ref, () => ({
    focus: () => boxes.current[Math.min(value.length, OTP_LENGTH - 1)]?.focus(),
  }));

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(index, OTP_LENGTH - 1))];
    box?.focus();
    box?.select();
  }

  /** Writes `digits` from box `start` on; returns the next box to focus. */
  function fill(start: number, digits: string): number {
    const next = [...chars];
    let index = start;
    for (const digit of digits) {
      if (index >= OTP_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    onChange(toValue(next));
    return index;
  }

  function setChar(index: number, char: string) {
    const next = [...chars];
    next[index] = char;
    onChange(toValue(next));
  }

  function handleInput(index: number, text: string) {
    const digits = digitsOf(text);
    if (digits === "") return;
    if (digits.length === 1) {
      setChar(index, digits);
      focusBox(index + 1);
      return;
    }
    // Several digits at once: autofill of a one-time code, or typing over a selected digit.
    const typedOver =
      digits.length === 2 && chars[index] !== "" ? digits.replace(chars[index] ?? "", "") : "";
    if (typedOver.length === 1) {
      setChar(index, typedOver);
      focusBox(index + 1);
      return;
    }
    focusBox(fill(digits.length >= OTP_LENGTH ? 0 : index, digits));
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace") {
      event.preventDefault();
      if (chars[index]) {
        setChar(index, "");
      } else if (index > 0) {
        setChar(index - 1, "");
        focusBox(index - 1);
      }
    } else if (event.key === "Delete") {
      event.preventDefault();
      setChar(index, "");
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(index + 1);
    } else if (
      event.key.length === 1 &&
      !DIGIT.test(event.key) &&
      !event.ctrlKey &&
      !event.metaKey
    ) {
      // Only digits: a letter does nothing rather than appearing and being stripped.
      event.preventDefault();
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const digits = digitsOf(event.clipboardData.getData("text"));
    event.preventDefault();
    if (digits === "") return;
    focusBox(fill(digits.length >= OTP_LENGTH ? 0 : index, digits));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of inputs, not a form section
    <div
      role="group"
      aria-label={t`Verification code`}
      // A code reads left to right in every language; the arrow keys follow the boxes.
      dir="ltr"
      className="flex justify-between gap-2 sm:gap-3"
    >
      {chars.map((char, index) => {
        const position = index + 1;
        return (
          <input
            // The boxes never move or change in number, so their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed boxes
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            id={index === 0 ? id : undefined}
            value={char}
            onChange={(event) => handleInput(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.target.select()}
            onBlur={onBlur}
            inputMode="numeric"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            disabled={disabled}
            aria-label={t`Digit ${position} of ${length}`}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={describedBy}
            className={cn(
              "input input-lg h-14 w-full min-w-0 max-w-14 px-0 text-center font-mono text-2xl font-semibold sm:h-16 sm:text-3xl",
              invalid && "input-error",
            )}
          />
        );
      })}
    </div>
  );
}
