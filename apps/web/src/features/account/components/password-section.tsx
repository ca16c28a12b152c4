import type { Me } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { FormError } from "@/components/ui/field.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";
import { PasswordStrengthMeter } from "@/components/ui/password-strength-meter.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { isUnauthenticated } from "@/lib/api-client.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { useChangePassword } from "../api/change-password.ts";
import { changePasswordFormSchema } from "../lib/account-forms.ts";
import { isWrongPassword } from "../lib/wrong-password.ts";
import { SettingsCard } from "./settings-card.tsx";

const EMPTY = { currentPassword: "", password: "", confirmPassword: "" };

/** Settings, "Password": the current one, then the new one twice. Other sessions end. */
export function PasswordSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, { defaultValues: EMPTY });
  const password = useWatch({ control: form.control, name: "password" });
  // The person's own name and email count as guessable, as the server counts them.
  const me = queryClient.getQueryData<Me>(queryKeys.me);

  const submit = form.handleSubmit(({ currentPassword, password }) =>
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          showToast(t`Password changed. Your other devices were signed out.`, {
            variant: "success",
          });
        },
        onError: (error) => {
          if (isWrongPassword(error)) {
            form.setError(
              "currentPassword",
              { type: "server", message: error.message || t`That is not your current password.` },
              { shouldFocus: true },
            );
            return;
          }
          if (isUnauthenticated(error)) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.me });
            return;
          }
          showServerError(form, error, MESSAGES.somethingWrong);
        },
      },
    ),
  );

  return (
    <SettingsCard
      title={t`Password`}
      lead={t`Changing it signs you out everywhere else; this device stays signed in.`}
    >
      <form noValidate onSubmit={submit} className="flex max-w-md flex-col">
        <PasswordField
          control={form.control}
          name="currentPassword"
          label={t`Current password`}
          autoComplete="current-password"
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t`New password`}
          hint={t`At least 8 characters.`}
          autoComplete="new-password"
        />
        <PasswordStrengthMeter
          password={password ?? ""}
          firstName={me?.firstName}
          lastName={me?.lastName}
          email={me?.emailId}
        />
        <PasswordField
          control={form.control}
          name="confirmPassword"
          label={t`Confirm new password`}
          autoComplete="new-password"
        />
        <FormError control={form.control} />
        <SubmitButton pending={change.isPending} className="mt-2 self-start">
          <Trans>Change password</Trans>
        </SubmitButton>
      </form>
    </SettingsCard>
  );
}
