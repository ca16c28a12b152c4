import type { Me } from "@kindred/shared";
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

export const PASSWORD_CHANGED = "Password changed. Your other devices were signed out.";
export const WRONG_CURRENT_PASSWORD = "That is not your current password.";

const EMPTY = { currentPassword: "", password: "", confirmPassword: "" };

/** Settings, "Password": the current one, then the new one twice. Other sessions end. */
export function PasswordSection() {
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
          showToast(PASSWORD_CHANGED, { variant: "success" });
        },
        onError: (error) => {
          if (isWrongPassword(error)) {
            form.setError(
              "currentPassword",
              { type: "server", message: error.message || WRONG_CURRENT_PASSWORD },
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
      title="Password"
      lead="Changing it signs you out everywhere else; this device stays signed in."
    >
      <form noValidate onSubmit={submit} className="flex max-w-md flex-col">
        <PasswordField
          control={form.control}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
        />
        <PasswordField
          control={form.control}
          name="password"
          label="New password"
          hint="At least 8 characters."
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
          label="Confirm new password"
          autoComplete="new-password"
        />
        <FormError control={form.control} />
        <SubmitButton pending={change.isPending} className="mt-2 self-start">
          Change password
        </SubmitButton>
      </form>
    </SettingsCard>
  );
}
