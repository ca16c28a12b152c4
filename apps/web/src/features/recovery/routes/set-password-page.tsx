import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, setPasswordFormSchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { AuthShell } from "@/components/ui/auth-shell.tsx";
import { FormError } from "@/components/ui/field.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";
import { PasswordStrengthMeter } from "@/components/ui/password-strength-meter.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useUpdatePassword } from "../api/update-password.ts";
import { SequenceRequired } from "../components/sequence-required.tsx";
import { recoveryEmailOf } from "../lib/recovery-state.ts";

export function SetPasswordPage() {
  const { t } = useLingui();
  const location = useLocation();
  const emailId = recoveryEmailOf(location.state);
  if (!emailId) return <SequenceRequired title={t`Set a new password`} />;
  return <SetPasswordForm emailId={emailId} />;
}

function SetPasswordForm({ emailId }: { emailId: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const min = PASSWORD_MIN_LENGTH;
  const max = PASSWORD_MAX_LENGTH;
  const form = useZodForm(setPasswordFormSchema, {
    defaultValues: { password: "", confirmPassword: "" },
  });
  const password = useWatch({ control: form.control, name: "password" });
  const { trigger, getFieldState } = form;
  // Two-step codes stay on through a reset: the server asks for a code (400 TWO_STEP_REQUIRED).
  const [needsCode, setNeedsCode] = useState(false);
  const [twoStepCode, setTwoStepCode] = useState("");

  // The re-entry is checked again whenever the first entry changes, once it has been left.
  useEffect(() => {
    if (password !== undefined && getFieldState("confirmPassword").isTouched) {
      void trigger("confirmPassword");
    }
  }, [password, trigger, getFieldState]);

  const submit = form.handleSubmit(({ password }) =>
    update.mutate(
      needsCode ? { emailId, password, twoStepCode: twoStepCode.trim() } : { emailId, password },
      {
        onSuccess: (answer) => {
          showToast(answer.message, { variant: "success" });
          navigate(paths.login, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "TWO_STEP_REQUIRED") setNeedsCode(true);
          showServerError(form, error, MESSAGES.somethingWrong);
        },
      },
    ),
  );

  return (
    <AuthShell title={t`Set a new password`} subtitle={t`For ${emailId}.`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-1">
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="email"
          name="username"
          value={emailId}
          autoComplete="username"
          readOnly
          hidden
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t`New password`}
          autoComplete="new-password"
          hint={t`${min} to ${max} characters. A few unrelated words make a strong one.`}
        />
        <PasswordStrengthMeter password={password ?? ""} email={emailId} />
        <PasswordField
          control={form.control}
          name="confirmPassword"
          label={t`Re-enter new password`}
          autoComplete="new-password"
        />
        {needsCode ? (
          <div className="mt-2 flex flex-col gap-1">
            <label htmlFor="reset-two-step-code" className="text-sm font-medium">
              <Trans>Code from your app or a recovery code</Trans>
            </label>
            <input
              id="reset-two-step-code"
              className="input w-full tracking-widest"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={13}
              value={twoStepCode}
              onChange={(event) => setTwoStepCode(event.target.value)}
            />
          </div>
        ) : null}
        <FormError control={form.control} />
        <SubmitButton pending={update.isPending} className="mt-3 w-full">
          <Trans>Set password</Trans>
        </SubmitButton>
      </form>
      <p className="text-center text-sm">
        <Link to={paths.login} className="link link-primary">
          <Trans>Back to login</Trans>
        </Link>
      </p>
    </AuthShell>
  );
}
