import { type ContactBody, HONEYPOT_FIELD, PUBLIC_MESSAGE_MAX_LENGTH } from "@kindred/shared";
import { t } from "@lingui/core/macro";
import { CheckCircle2 } from "lucide-react";
import type { Control, FieldPath, FieldValues, UseFormRegister } from "react-hook-form";
import { InputField, TextareaField } from "./field.tsx";
import { HoneypotField } from "./honeypot-field.tsx";

/** The fields the contact body and the support ticket share. */
type MessageValues = Pick<ContactBody, "name" | "email" | "message" | typeof HONEYPOT_FIELD>;

/**
 * Name, email, message and the hidden honeypot: the fields the support and contact forms share
 * (their schemas share these rules too).
 */
export function MessageFields<
  Values extends MessageValues & FieldValues,
  Output extends FieldValues,
>({
  control,
  register,
}: {
  control: Control<Values, unknown, Output>;
  register: UseFormRegister<Values>;
}) {
  const field = (name: keyof MessageValues) => name as FieldPath<Values>;
  return (
    <>
      <InputField control={control} name={field("name")} label={t`Name`} autoComplete="name" />
      <InputField
        control={control}
        name={field("email")}
        label={t`Email`}
        type="email"
        autoComplete="email"
        placeholder={t`you@example.com`}
      />
      <TextareaField
        control={control}
        name={field("message")}
        label={t`Message`}
        rows={5}
        maxLength={PUBLIC_MESSAGE_MAX_LENGTH}
      />
      <HoneypotField registration={register(field(HONEYPOT_FIELD))} />
    </>
  );
}

/** The sentence that confirms a sent form, announced to screen readers; empty until then. */
export function SentConfirmation({ message }: { message: string }) {
  return (
    <p role="status" className="mt-2 min-h-6">
      {message ? (
        <span className="inline-flex items-center gap-2 font-medium">
          <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
          {message}
        </span>
      ) : null}
    </p>
  );
}
