import { OTP_TTL_MINUTES, verifyOtpBodySchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { AuthShell } from "@/components/ui/auth-shell.tsx";
import {
  BotCheckField,
  type BotCheckHandle,
  botCheckPayload,
} from "@/components/ui/bot-check-field.tsx";
import { Field, FormError } from "@/components/ui/field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { errorMessageOf } from "@/lib/api-client.ts";
import { SERVER_ERROR, showServerError, useZodForm } from "@/lib/form.ts";
import { useForgotPassword } from "../api/forgot-password.ts";
import { useVerifyOtp } from "../api/verify-otp.ts";
import { OtpInput, type OtpInputHandle } from "../components/otp-input.tsx";
import { SequenceRequired } from "../components/sequence-required.tsx";
import { type RecoveryState, recoveryEmailOf } from "../lib/recovery-state.ts";

/** Seconds before another code can be asked for, so a double click sends one mail. */
const RESEND_COOLDOWN_S = 30;

export function VerifyCodePage() {
  const { t } = useLingui();
  const location = useLocation();
  const emailId = recoveryEmailOf(location.state);
  if (!emailId) return <SequenceRequired title={t`Verify code`} />;
  return <VerifyCodeForm emailId={emailId} />;
}

function VerifyCodeForm({ emailId }: { emailId: string }) {
  const { t } = useLingui();
  const minutes = OTP_TTL_MINUTES;
  const navigate = useNavigate();
  const verify = useVerifyOtp();
  const resend = useForgotPassword();
  const otpRef = useRef<OtpInputHandle>(null);
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_S * 1000);
  const [now, setNow] = useState(() => Date.now());
  const cooldown = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const form = useZodForm(verifyOtpBodySchema, { defaultValues: { emailId, otp: "" } });
  const { field, fieldState } = useController({ control: form.control, name: "otp" });
  // Asking again mails again: it carries the robot check, like the first ask.
  const resendCheckForm = useForm<{ altcha: string }>({ defaultValues: { altcha: "" } });
  const resendCheck = useRef<BotCheckHandle>(null);

  useEffect(() => {
    otpRef.current?.focus();
  }, []);

  // Counted from a deadline, not by ticks, so a sleeping tab shows the right wait when it wakes.
  const waiting = cooldown > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [waiting]);

  const submit = form.handleSubmit((body) =>
    verify.mutate(body, {
      onSuccess: (answer) => {
        showToast(answer.message, { variant: "success" });
        const state: RecoveryState = { emailId };
        navigate(paths.setPassword, { state, replace: true });
      },
      onError: (error) => {
        showServerError(form, error, MESSAGES.somethingWrong);
        // A wrong code is retyped from the first box.
        form.setValue("otp", "");
        otpRef.current?.focus();
      },
    }),
  );

  async function askAgain() {
    const altcha = await botCheckPayload(resendCheck, resendCheckForm.getValues("altcha"));
    resend.mutate(
      { emailId, altcha },
      {
        onSettled: () => resendCheck.current?.reset(),
        onSuccess: () => {
          setResendAt(Date.now() + RESEND_COOLDOWN_S * 1000);
          setNow(Date.now());
          form.setValue("otp", "");
          form.clearErrors();
          showToast(t`We sent a new code to ${emailId}. Earlier codes no longer work.`, {
            variant: "success",
          });
          otpRef.current?.focus();
        },
        onError: (error) =>
          showToast(errorMessageOf(error, MESSAGES.somethingWrong), { variant: "error" }),
      },
    );
  }

  return (
    <AuthShell
      title={t`Verify code`}
      subtitle={t`Enter the 6-digit code we mailed to ${emailId}. It is valid for ${minutes} minutes.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-1">
        <Field label={t`Verification code`} error={fieldState.error?.message}>
          {(control) => (
            <OtpInput
              ref={otpRef}
              id={control.id}
              describedBy={control["aria-describedby"]}
              value={field.value ?? ""}
              onChange={(value) => {
                field.onChange(value);
                if (form.formState.errors.root) form.clearErrors(SERVER_ERROR);
              }}
              onBlur={field.onBlur}
              invalid={Boolean(fieldState.error)}
              disabled={verify.isPending}
            />
          )}
        </Field>
        <FormError control={form.control} />
        <SubmitButton pending={verify.isPending} className="mt-3 w-full">
          <Trans>Verify</Trans>
        </SubmitButton>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-base-content/70">
          <Trans>No code?</Trans>{" "}
          <button
            type="button"
            className="link link-primary disabled:no-underline disabled:text-base-content/50"
            onClick={() => void askAgain()}
            disabled={resend.isPending || cooldown > 0}
          >
            {cooldown > 0 ? t`Resend in ${cooldown} s` : t`Resend`}
          </button>
        </p>
        <Link to={paths.login} className="link link-primary">
          <Trans>Back to login</Trans>
        </Link>
      </div>
      <BotCheckField ref={resendCheck} control={resendCheckForm.control} name="altcha" />
      <p className="text-xs text-base-content/60">
        <Trans>Wrong address?</Trans>{" "}
        <Link
          to={paths.forgetPassword}
          state={{ emailId } satisfies RecoveryState}
          className="link"
        >
          <Trans>Use another email</Trans>
        </Link>
      </p>
    </AuthShell>
  );
}
