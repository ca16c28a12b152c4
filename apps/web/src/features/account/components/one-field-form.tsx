import { Trans } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/ui/submit-button.tsx";

/** One field and one button: a code, the password before a change, or a name. */
export function OneFieldForm({
  label,
  type,
  button,
  pending,
  onSubmit,
  error,
  onCancel,
  initialValue = "",
  maxLength,
}: {
  label: string;
  type: "code" | "password" | "text";
  button: string;
  pending: boolean;
  onSubmit: (value: string) => void;
  error?: string;
  onCancel?: () => void;
  initialValue?: string;
  maxLength?: number;
}) {
  const [value, setValue] = useState(initialValue);
  const fieldId = useId();
  const errorId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(value);
  }
  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={fieldId}
        type={type === "password" ? "password" : "text"}
        className={`input w-full ${type === "code" ? "tracking-widest" : ""} ${error ? "input-error" : ""}`}
        inputMode={type === "code" ? "numeric" : undefined}
        autoComplete={
          type === "code" ? "one-time-code" : type === "password" ? "current-password" : "off"
        }
        maxLength={maxLength}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <SubmitButton pending={pending}>{button}</SubmitButton>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
