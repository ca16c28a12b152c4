import {
  changeEmailBodySchema,
  EMAIL_VERIFICATION_MESSAGES,
  type Me,
  OTP_LENGTH,
} from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { FormError, InputField } from "@/components/ui/field.tsx";
import { PasswordField } from "@/components/ui/password-field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { errorMessageOf, isUnauthenticated } from "@/lib/api-client.ts";
import { useChangeEmail, useVerifyEmail } from "@/lib/email-verification.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { isWrongPassword } from "../lib/wrong-password.ts";
import { SettingsCard } from "./settings-card.tsx";

const EMPTY = { email: "", password: "" };

/** The code sent to the new address; the change takes effect when it is entered. */
function NewAddressCode({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useLingui();
  const verify = useVerifyEmail();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, "");
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits)) {
      const length = OTP_LENGTH;
      setError(t`The code has ${length} digits`);
      return;
    }
    verify.mutate(
      { code: digits },
      {
        onSuccess: () => {
          showToast(EMAIL_VERIFICATION_MESSAGES.changed, { variant: "success" });
          onDone();
        },
        onError: (failure) =>
          setError(errorMessageOf(failure, EMAIL_VERIFICATION_MESSAGES.invalidCode)),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-2">
      <p className="break-words text-sm">
        <Trans>
          We sent a 6-digit code to <span className="font-medium">{email}</span>. Your email changes
          once you enter it.
        </Trans>
      </p>
      <label htmlFor={fieldId} className="text-sm font-medium">
        <Trans>Code from the new address</Trans>
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={fieldId}
          className={`input w-36 tracking-widest ${error ? "input-error" : ""}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH + 2}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <SubmitButton pending={verify.isPending}>
          <Trans>Confirm new email</Trans>
        </SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Settings, "Email": the new address and the password; the new address proves itself first. */
export function EmailSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const me = queryClient.getQueryData<Me>(queryKeys.me);
  const signInEmail = me?.emailId;
  const change = useChangeEmail();
  const form = useZodForm(changeEmailBodySchema, { defaultValues: EMPTY });
  const [pending, setPending] = useState<string | undefined>();

  const submit = form.handleSubmit(({ email, password }) =>
    change.mutate(
      { email, password },
      {
        onSuccess: () => {
          setPending(email);
          form.reset(EMPTY);
        },
        onError: (error) => {
          if (isWrongPassword(error)) {
            form.setError(
              "password",
              { type: "server", message: error.message },
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
      title={t`Email`}
      lead={
        me ? (
          <span className="break-words">
            <Trans>
              You sign in with <span className="font-medium">{signInEmail}</span>. A new address
              takes effect once you enter the code sent to it; we tell the old one.
            </Trans>
          </span>
        ) : undefined
      }
    >
      {pending ? (
        <NewAddressCode email={pending} onDone={() => setPending(undefined)} />
      ) : (
        <form noValidate onSubmit={submit} className="flex max-w-md flex-col">
          <InputField
            control={form.control}
            name="email"
            label={t`New email`}
            type="email"
            autoComplete="email"
          />
          <PasswordField
            control={form.control}
            name="password"
            label={t`Current password`}
            autoComplete="current-password"
          />
          <FormError control={form.control} />
          <SubmitButton pending={change.isPending} className="mt-2 self-start">
            <Trans>Send a code to the new address</Trans>
          </SubmitButton>
        </form>
      )}
    </SettingsCard>
  );
}
