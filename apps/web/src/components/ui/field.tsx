import type {
  ChangeEvent,
  InputHTMLAttributes,
  ReactNode,
  RefCallback,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { useId } from "react";
import {
  type Control,
  type FieldPath,
  type FieldValues,
  useController,
  useFormState,
} from "react-hook-form";
import { sharedText } from "@/i18n/shared-text.ts";
import { cn } from "@/lib/cn.ts";
import { SERVER_ERROR } from "@/lib/form.ts";

/** What a control inside a Field needs to be labelled and described. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

export type FieldProps = {
  label: string;
  hint?: string;
  error?: string;
  /** With maxLength: a live "count / max" counter that turns red past the limit. */
  count?: number;
  maxLength?: number;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * One field: label, control, hint, live counter and error, wired together with ids and
 * aria-describedby. Any control fits: the children get the props to spread on it.
 */
export function Field({
  label,
  hint,
  error,
  count,
  maxLength,
  id,
  className,
  children,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const counterId = `${controlId}-counter`;
  const errorId = `${controlId}-error`;
  const showCounter = maxLength !== undefined && count !== undefined;
  const over = showCounter && count > maxLength;
  const describedBy = [hint && hintId, showCounter && counterId, error && errorId]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={cn("fieldset py-1", className)}>
      <label htmlFor={controlId} className="fieldset-legend pb-1">
        {label}
      </label>
      {children({
        id: controlId,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
      {hint || showCounter ? (
        <div className="flex items-start justify-between gap-3">
          {hint ? (
            <p id={hintId} className="label text-xs whitespace-normal">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {showCounter ? (
            <p
              id={counterId}
              className={cn(
                "label ml-auto shrink-0 text-xs tabular-nums",
                over && "font-semibold text-error",
              )}
            >
              {count} / {maxLength}
            </p>
          ) : null}
        </div>
      ) : null}
      {/* The error's line is kept even when empty: a message that appears when a field is left
          must not move the submit button between the press and the release of a click, which
          would swallow the click and leave the other fields' errors unshown. */}
      <p id={errorId} className="min-h-5 text-sm text-error">
        {error ? sharedText(error) : null}
      </p>
    </div>
  );
}

type ControlledProps<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
> = {
  control: Control<Values, unknown, Output>;
  name: Name;
  label: string;
  hint?: string;
  /** Shows the live counter; the limit itself is the schema's, so no hard cut-off here. */
  maxLength?: number;
  className?: string;
};

function textOf(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

export type InputFieldProps<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
> = ControlledProps<Values, Name, Output> &
  Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "name" | "id" | "value" | "defaultValue" | "maxLength"
  >;

type BoundControlProps = FieldControlProps & {
  ref: RefCallback<HTMLElement>;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
};

/** A Field whose text control is bound to a form field by name, with its counter and error. */
function BoundTextField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  label,
  hint,
  maxLength,
  className,
  children,
}: ControlledProps<Values, FieldPath<Values>, Output> & {
  children: (control: BoundControlProps, invalid: boolean) => ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = textOf(field.value);
  const error = fieldState.error?.message;
  return (
    <Field {...{ label, hint, error, maxLength, className }} count={value.length}>
      {(controlProps) =>
        children(
          {
            ...controlProps,
            ref: field.ref,
            name,
            value,
            onChange: field.onChange,
            onBlur: field.onBlur,
          },
          Boolean(error),
        )
      }
    </Field>
  );
}

/**
 * A checkbox bound to a boolean form field, its label beside it (it may hold a link), with the
 * field's error under it, wired with aria-describedby like the other fields.
 */
export function CheckboxField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
>({
  control,
  name,
  className,
  children,
}: {
  control: Control<Values, unknown, Output>;
  name: Name;
  className?: string;
  children: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const error = fieldState.error?.message;
  const errorId = `${id}-error`;
  return (
    <div className={cn("py-1", className)}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          ref={field.ref}
          name={name}
          type="checkbox"
          // A native box in the theme's colour: daisyUI's checkbox is left out of the styles
          // (decision 102).
          className={cn("mt-0.5 size-4 shrink-0 accent-primary", error && "outline outline-error")}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor={id} className="text-sm">
          {children}
        </label>
      </div>
      <p id={errorId} className="min-h-5 text-sm text-error">
        {error ? sharedText(error) : null}
      </p>
    </div>
  );
}

/** A text input bound to a form field by name. */
export function InputField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
>({
  control,
  name,
  label,
  hint,
  maxLength,
  className,
  ...inputProps
}: InputFieldProps<Values, Name, Output>) {
  return (
    <BoundTextField {...{ control, name, label, hint, maxLength, className }}>
      {(bound, invalid) => (
        <input
          {...inputProps}
          {...bound}
          className={cn("input w-full", invalid && "input-error")}
        />
      )}
    </BoundTextField>
  );
}

export type TextareaFieldProps<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
> = ControlledProps<Values, Name, Output> &
  Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "name" | "id" | "value" | "defaultValue" | "maxLength"
  >;

/** A textarea bound to a form field by name. */
export function TextareaField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
>({
  control,
  name,
  label,
  hint,
  maxLength,
  className,
  ...rest
}: TextareaFieldProps<Values, Name, Output>) {
  return (
    <BoundTextField {...{ control, name, label, hint, maxLength, className }}>
      {(bound, invalid) => (
        <textarea
          {...rest}
          {...bound}
          className={cn("textarea w-full", invalid && "textarea-error")}
        />
      )}
    </BoundTextField>
  );
}

export type SelectFieldProps<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
> = Omit<ControlledProps<Values, Name, Output>, "maxLength"> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "value" | "defaultValue"> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
    /** Messages some screens give as a toast instead (spec: the gender rule). */
    hideError?: boolean;
  };

/** A select bound to a form field by name. */
export function SelectField<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
  Output extends FieldValues = Values,
>({
  control,
  name,
  label,
  hint,
  className,
  options,
  placeholder,
  hideError = false,
  ...selectProps
}: SelectFieldProps<Values, Name, Output>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field
      label={label}
      hint={hint}
      error={hideError ? undefined : fieldState.error?.message}
      className={className}
    >
      {(controlProps) => (
        <select
          {...selectProps}
          {...controlProps}
          aria-invalid={fieldState.error ? true : undefined}
          ref={field.ref}
          name={field.name}
          value={textOf(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          className={cn("select w-full", fieldState.error && "select-error")}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The form's one alert for a failed call that names no field (see showServerError). */
export function FormError<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  className,
}: {
  control: Control<Values, unknown, Output>;
  className?: string;
}) {
  const { errors } = useFormState({ control, name: SERVER_ERROR as FieldPath<Values> });
  const message = (errors.root as { server?: { message?: string } } | undefined)?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className={cn("alert alert-error alert-soft mt-2 text-sm", className)}>
      {sharedText(message)}
    </p>
  );
}
