import { t } from "@lingui/core/macro";
import { Eye, EyeOff } from "lucide-react";
import type { InputHTMLAttributes, Ref } from "react";
import { useState } from "react";
import { type FieldPath, type FieldValues, useController } from "react-hook-form";
import { cn } from "@/lib/cn.ts";
import { Field, type InputFieldProps } from "./field.tsx";

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  ref?: Ref<HTMLInputElement>;
  /** Marks the input as invalid (red border). */
  invalid?: boolean;
  /** Classes for the wrapper that holds the input and its eye button. */
  wrapperClassName?: string;
};

/**
 * A password input with an eye button that shows or hides what was typed. The button is a
 * toggle: aria-label "Show password" / "Hide password" and aria-pressed while shown. It never
 * submits the form and does not move the focus out of the input's tab order.
 */
export function PasswordInput({
  ref,
  invalid = false,
  className,
  wrapperClassName,
  ...inputProps
}: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className={cn("relative w-full", wrapperClassName)}>
      <input
        {...inputProps}
        ref={ref}
        type={shown ? "text" : "password"}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn("input w-full pr-11", invalid && "input-error", className)}
      />
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-square absolute top-1/2 right-1 z-[1] -translate-y-1/2"
        aria-label={shown ? t`Hide password` : t`Show password`}
        aria-pressed={shown}
        aria-controls={inputProps.id}
        onClick={() => setShown((value) => !value)}
      >
        <Icon className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** A password input bound to a form field by name, with label, hint and error (see Field). */
export function PasswordField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
>({
  control,
  name,
  label,
  hint,
  maxLength: _maxLength,
  className,
  type: _type,
  ...inputProps
}: InputFieldProps<Values, Name, Output>) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const value = field.value === null || field.value === undefined ? "" : String(field.value);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(controlProps) => (
        <PasswordInput
          {...inputProps}
          {...controlProps}
          ref={field.ref}
          name={name}
          value={value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          invalid={Boolean(error)}
        />
      )}
    </Field>
  );
}
