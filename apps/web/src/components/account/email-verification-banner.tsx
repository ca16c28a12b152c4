import { EMAIL_VERIFICATION_MESSAGES, OTP_LENGTH } from "@kindred/shared/constants";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { MailCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { showToast } from "@/components/ui/toast.tsx";
import { errorMessageOf } from "@/lib/api-client.ts";
import { cn } from "@/lib/cn.ts";
import { useResendVerification, useVerifyEmail } from "@/lib/email-verification.ts";
import { useMe } from "@/lib/get-me.ts";

/** The id of the code field: a refused write focuses it (UnverifiedWrites). */
export const EMAIL_CODE_FIELD_ID = "email-verification-code";

/**
 * On every signed-in screen until the email is verified: where the code went, the code field, and
 * a new code on demand. Writes that reach other people wait for it; the profile and looking around
 * do not.
 */
export function EmailVerificationBanner({ className }: { className?: string }) {
  const { data: me } = useMe();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const titleId = useId();
  const errorId = useId();
  if (me?.emailVerified !== false) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, "");
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits)) {
      setError(t`The code has ${OTP_LENGTH} digits`);
      return;
    }
    setError(undefined);
    verify.mutate(
      { code: digits },
      {
        onSuccess: () => showToast(EMAIL_VERIFICATION_MESSAGES.verified, { variant: "success" }),
        onError: (failure) => {
          setError(errorMessageOf(failure, EMAIL_VERIFICATION_MESSAGES.invalidCode));
          setCode("");
        },
      },
    );
  }

  function sendAgain() {
    setError(undefined);
    resend.mutate(undefined, {
      onSuccess: () => showToast(EMAIL_VERIFICATION_MESSAGES.codeSent, { variant: "success" }),
      onError: (failure) => setError(errorMessageOf(failure, t`Could not send a new code.`)),
    });
  }

  return (
    <section
      aria-labelledby={titleId}
      className={cn("border-b border-info/40 bg-info/10 px-3 py-3 sm:px-4", className)}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center">
        <MailCheck aria-hidden="true" className="hidden size-6 shrink-0 text-info sm:block" />
        <div className="min-w-0 flex-1 text-sm">
          <h2 id={titleId} className="font-semibold">
            <Trans>Verify your email</Trans>
          </h2>
          <p className="break-words">
            <Trans>
              Enter the 6-digit code we sent to <span className="font-medium">{me.emailId}</span>,
              or open the link in that mail. Until then you can edit your profile and look around,
              but not send interest, requests, messages or posts.
            </Trans>
          </p>
        </div>
        <form
          onSubmit={submit}
          noValidate
          className="flex shrink-0 flex-col gap-1"
          aria-label={t`Verify your email`}
        >
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={EMAIL_CODE_FIELD_ID} className="sr-only">
              <Trans>Verification code</Trans>
            </label>
            <input
              id={EMAIL_CODE_FIELD_ID}
              className={cn("input input-sm w-32 tracking-widest", error && "input-error")}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              maxLength={OTP_LENGTH + 2}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <button type="submit" className="btn btn-sm btn-primary" disabled={verify.isPending}>
              <Trans>Verify</Trans>
            </button>
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={sendAgain}
              disabled={resend.isPending}
            >
              <Trans>Send a new code</Trans>
            </button>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="max-w-xs text-xs text-error">
              {error}
            </p>
          ) : null}
        </form>
      </div>
    </section>
  );
}
