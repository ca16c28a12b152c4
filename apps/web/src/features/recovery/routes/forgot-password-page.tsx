import { forgotPasswordBodySchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AuthShell } from "@/components/ui/auth-shell.tsx";
import {
  BotCheckField,
  type BotCheckHandle,
  botCheckPayload,
} from "@/components/ui/bot-check-field.tsx";
import { FormError, InputField } from "@/components/ui/field.tsx";
import { HoneypotField } from "@/components/ui/honeypot-field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useForgotPassword } from "../api/forgot-password.ts";
import { type RecoveryState, recoveryEmailOf } from "../lib/recovery-state.ts";

export function ForgotPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const forgot = useForgotPassword();
  const form = useZodForm(forgotPasswordBodySchema, {
    // Coming back from the code screen keeps the address typed before.
    defaultValues: { emailId: recoveryEmailOf(location.state) ?? "", altcha: "", website: "" },
  });
  const botCheck = useRef<BotCheckHandle>(null);

  const submit = form.handleSubmit(async (body) =>
    forgot.mutate(
      { ...body, altcha: await botCheckPayload(botCheck, body.altcha) },
      {
        onSuccess: (answer) => {
          showToast(answer.message, { variant: "success" });
          const state: RecoveryState = { emailId: body.emailId };
          navigate(paths.verifyCode, { state });
        },
        onError: (error) => {
          botCheck.current?.reset();
          showServerError(form, error, MESSAGES.somethingWrong);
        },
      },
    ),
  );

  return (
    <AuthShell
      title={t`Forgot password`}
      subtitle={t`Enter the email you signed up with and we will mail you a 6-digit code.`}
    >
      <form noValidate onSubmit={submit} className="relative flex flex-col gap-1">
        <InputField
          control={form.control}
          name="emailId"
          label={t`Email`}
          type="email"
          autoComplete="email"
          placeholder={t`you@example.com`}
        />
        <HoneypotField registration={form.register("website")} />
        <BotCheckField ref={botCheck} control={form.control} name="altcha" />
        <FormError control={form.control} />
        <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row">
          <Link to={paths.login} className="btn btn-ghost sm:flex-1">
            <Trans>Back</Trans>
          </Link>
          <SubmitButton pending={forgot.isPending} className="sm:flex-1">
            <Trans>Submit</Trans>
          </SubmitButton>
        </div>
      </form>
    </AuthShell>
  );
}
