import { zodResolver } from "@hookform/resolvers/zod";
import {
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { followZodLocale } from "@/i18n/zod-locale.ts";
import { ApiError } from "@/lib/api-client.ts";

// A form's rules that name no message of their own speak the reader's language too.
void followZodLocale();

/**
 * A form driven by the contract's zod schema: the same rule the server applies shows its message
 * under the field before any request. Messages appear once a field has been left (or on submit),
 * then follow every keystroke.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  props: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver"> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: "onTouched",
    ...props,
    resolver: zodResolver(schema),
  });
}

/** Where a server failure without a field is kept, shown once by <FormError>. */
export const SERVER_ERROR = "root.server" as const;

/**
 * Puts a failed call's messages where they belong, once: field errors under their fields, and
 * only when there are none, the answer's sentence in the form's alert. Shown in both places, the
 * person reads the same problem twice and looks for a second one.
 */
export function showServerError<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, "setError" | "getValues">,
  error: unknown,
  fallback: string,
): void {
  const known = new Set(Object.keys(form.getValues()));
  let placed = false;
  if (error instanceof ApiError) {
    for (const item of error.errors) {
      const field = item.path.split(/[.[]/)[0] || item.path;
      if (!known.has(field)) continue;
      form.setError(field as Path<Values>, { type: "server", message: item.message });
      placed = true;
    }
  }
  if (placed) return;
  const message = error instanceof ApiError && error.message ? error.message : fallback;
  form.setError(SERVER_ERROR, { type: "server", message });
}

/** Only the fields the person changed, taken from the schema's output (trimmed, converted). */
export function changedValues<Values extends Record<string, unknown>>(
  values: Values,
  dirtyFields: Partial<Record<keyof Values, unknown>>,
): Partial<Values> {
  const changed: Partial<Values> = {};
  for (const key of Object.keys(values) as (keyof Values)[]) {
    if (dirtyFields[key]) changed[key] = values[key];
  }
  return changed;
}
