import { TWO_STEP_MESSAGES } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { errorMessageOf } from "@/lib/api-client.ts";
import { useLoginTwoStep } from "../api/login.ts";

/**
 * The login's second step: the 6-digit code from the authenticator app, or one recovery code.
 * `onExpired` takes the person back to the password when the step ran out.
 */
export function TwoStepForm({
  onSignedIn,
  onExpired,
}: {
  onSignedIn: () => void;
  onExpired: (message: string) => void;
}) {
  const { t } = useLingui();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const mutation = useLoginTwoStep();
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = value.replace(/\s+/g, "");
    if (!typed) {
      setError(recovery ? TWO_STEP_MESSAGES.enterRecoveryCode : TWO_STEP_MESSAGES.enterCode);
      input.current?.focus();
      return;
    }
    setError(undefined);
    mutation.mutate(recovery ? { recoveryCode: typed } : { code: typed }, {
      onSuccess: onSignedIn,
      onError: (failure) => {
        const message = errorMessageOf(failure, TWO_STEP_MESSAGES.wrongCode);
        if (failure instanceof Error && "code" in failure && failure.code === "TWO_STEP_EXPIRED") {
          onExpired(message);
          return;
        }
        setError(message);
        setValue("");
        input.current?.focus();
      },
    });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3"
      aria-label={t`Two-step code`}
    >
      <p className="flex items-start gap-2 text-sm">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        {recovery ? TWO_STEP_MESSAGES.enterRecoveryCode : TWO_STEP_MESSAGES.enterCode}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {recovery ? t`Recovery code` : t`Code from your app`}
        </label>
        <input
          ref={input}
          id={fieldId}
          // biome-ignore lint/a11y/noAutofocus: the one field of this step, right after the password
          autoFocus
          className={`input w-full tracking-widest ${error ? "input-error" : ""}`}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete={recovery ? "off" : "one-time-code"}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={recovery ? 13 : 8}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </div>
      <SubmitButton pending={mutation.isPending} className="w-full">
        <Trans>Continue</Trans>
      </SubmitButton>
      <button
        type="button"
        className="btn btn-ghost btn-sm self-center"
        onClick={() => {
          setRecovery((on) => !on);
          setValue("");
          setError(undefined);
          input.current?.focus();
        }}
      >
        {recovery ? t`Use a code from your app` : t`Use a recovery code`}
      </button>
    </form>
  );
}
