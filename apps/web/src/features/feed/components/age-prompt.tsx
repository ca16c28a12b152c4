import { ADULT_AGE, ageFormSchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { Cake } from "lucide-react";
import { FormError, InputField } from "@/components/ui/field.tsx";
import { EmptyPanel } from "@/components/ui/status-panel.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useSaveAge } from "../api/save-age.ts";

/**
 * Shown on Discover instead of the deck while the person has no age: until they give one they
 * meet nobody (13-17 and 18+ are kept apart), so the age is asked for right here.
 */
export function AgePrompt() {
  const { t } = useLingui();
  const save = useSaveAge();
  const form = useZodForm(ageFormSchema, { defaultValues: { age: "" } });
  const submit = form.handleSubmit(({ age }) => {
    if (age === null) return;
    save.mutate(age, {
      onError: (error) => showServerError(form, error, t`Something went wrong`),
    });
  });
  return (
    <EmptyPanel icon={Cake} title={t`Add your age to start discovering people`}>
      <p className="text-base-content/70">
        <Trans>
          People aged 13 to 17 meet only each other, and so do people {ADULT_AGE} or over.
        </Trans>
      </p>
      <form noValidate onSubmit={submit} className="flex w-full max-w-xs flex-col gap-1">
        <InputField
          control={form.control}
          name="age"
          label={t`Your age`}
          inputMode="numeric"
          autoComplete="off"
        />
        <FormError control={form.control} />
        <SubmitButton pending={save.isPending} className="w-full">
          <Trans>Save age</Trans>
        </SubmitButton>
      </form>
    </EmptyPanel>
  );
}
