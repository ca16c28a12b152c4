import type { FormEvent, ReactNode } from "react";
import type { Control, FieldValues } from "react-hook-form";
import { FormError } from "@/components/ui/field.tsx";
import { Modal } from "@/components/ui/modal.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";

type ItemFormProps<Values extends FieldValues, Output extends FieldValues> = {
  control: Control<Values, unknown, Output>;
  onSubmit: (event?: FormEvent) => unknown;
  pending: boolean;
  submitLabel: string;
  className?: string;
  submitClassName?: string;
  /** The fields (and a heading, if any). */
  children: ReactNode;
};

/** A community create form: its fields, the form-wide error and the submit button. */
export function ItemForm<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  onSubmit,
  pending,
  submitLabel,
  className,
  submitClassName,
  children,
}: ItemFormProps<Values, Output>) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={className}>
      {children}
      <FormError control={control} />
      <SubmitButton pending={pending} className={submitClassName}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

type ItemFormModalProps<Values extends FieldValues, Output extends FieldValues> = Omit<
  ItemFormProps<Values, Output>,
  "className" | "submitClassName"
> & { open: boolean; onClose: () => void; title: string };

/** A community create form in a modal: 'Add Your Thought', 'Create Group'. */
export function ItemFormModal<Values extends FieldValues, Output extends FieldValues = Values>({
  open,
  onClose,
  title,
  ...form
}: ItemFormModalProps<Values, Output>) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <ItemForm
        {...form}
        className="flex flex-col gap-1"
        submitClassName="mt-3 w-full sm:w-auto sm:self-end"
      />
    </Modal>
  );
}
