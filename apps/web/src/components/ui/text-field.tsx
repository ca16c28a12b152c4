import { type InputHTMLAttributes, useId } from "react";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
};

/** A labelled input with its own hint and error lines wired to aria-describedby. */
export function TextField({ label, error, hint, id, className = "", ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={`fieldset py-1 ${className}`}>
      <label htmlFor={inputId} className="fieldset-legend pb-1">
        {label}
      </label>
      <input
        id={inputId}
        className={`input w-full ${error ? "input-error" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="label text-xs whitespace-normal">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
