import { loginBodySchema, type Me } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound, ShieldX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthShell } from "@/components/ui/auth-shell.tsx";
import { FormError } from "@/components/ui/field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths, RETURN_TO_PARAM, safeReturnTo } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { SERVER_ERROR, showServerError, useZodForm } from "@/lib/form.ts";
import {
  isTwoStepPending,
  loginWithPasskey,
  passkeyAutofillAvailable,
  useLogin,
  usePasskeyLogin,
  useSignedIn,
} from "../api/login.ts";
import { CredentialFields } from "../components/credential-fields.tsx";
import { TwoStepForm } from "../components/two-step-form.tsx";
import { submitWhenFilled } from "../lib/submit-when-filled.ts";

export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin();
  // A banned account's login answers 403 BANNED with the notice: shown whole, not as a field error.
  const [banned, setBanned] = useState<string>();
  // The password was right and two-step codes are on: the code comes next.
  const [secondStep, setSecondStep] = useState(false);
  const form = useZodForm(loginBodySchema, {
    defaultValues: { emailId: "", password: "", playerId: null },
  });

  // Into the app (decision 092): Discover, or back where the visitor was sent from.
  const intoTheApp = () =>
    navigate(safeReturnTo(searchParams.get(RETURN_TO_PARAM)) ?? paths.home, { replace: true });

  const submit = form.handleSubmit((body) => {
    setBanned(undefined);
    loginMutation.mutate(body, {
      onSuccess: (answer) => {
        if (isTwoStepPending(answer)) setSecondStep(true);
        else void intoTheApp();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "BANNED") setBanned(error.message);
        else showServerError(form, error, MESSAGES.somethingWrong);
      },
    });
  });

  const handleSubmit = submitWhenFilled(() => form.getValues(), submit);

  // A refused passkey sign-in: banned is shown whole, the rest as the form's error.
  const passkeyRefused = (error: unknown) => {
    if (error instanceof ApiError && error.code === "BANNED") setBanned(error.message);
    else if (error instanceof ApiError)
      form.setError(SERVER_ERROR, { type: "server", message: error.message });
    else if (!(error instanceof Error && /^(AbortError|NotAllowedError)$/.test(error.name))) {
      form.setError(SERVER_ERROR, {
        type: "server",
        message: t`This browser could not use a passkey. Sign in with your email and password.`,
      });
    }
  };
  const passkeyLogin = usePasskeyLogin();
  const signInWithPasskey = () => {
    setBanned(undefined);
    form.clearErrors();
    passkeyLogin.mutate(undefined, { onSuccess: () => void intoTheApp(), onError: passkeyRefused });
  };

  // Where the browser can, the email field lists this site's passkeys (conditional UI): picking
  // one signs in. The button above aborts this request when pressed.
  const signedIn = useSignedIn();
  const autofillAfter = useRef<{ done: (me: Me) => void; refused: (error: unknown) => void }>(null);
  autofillAfter.current = {
    done: (me) => {
      signedIn(me);
      void intoTheApp();
    },
    refused: (error) => {
      // Only the server's answer is worth a word here: the browser's own refusals (aborted by
      // the button, no passkey, no authenticator) happen without the person asking for anything.
      if (error instanceof ApiError) passkeyRefused(error);
    },
  };
  useEffect(() => {
    let live = true;
    void passkeyAutofillAvailable().then((available) => {
      if (!available || !live) return;
      loginWithPasskey(true).then(
        (me) => live && autofillAfter.current?.done(me),
        (error: unknown) => live && autofillAfter.current?.refused(error),
      );
    });
    return () => {
      live = false;
    };
  }, []);

  if (secondStep) {
    return (
      <AuthShell title={t`Two-step code`} subtitle={t`One more step to keep your account yours.`}>
        <TwoStepForm
          onSignedIn={() => void intoTheApp()}
          onExpired={(message) => {
            setSecondStep(false);
            form.setValue("password", "");
            form.setError(SERVER_ERROR, { type: "server", message });
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t`Welcome back`}
      subtitle={t`Log in to meet people who share your interests.`}
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-1">
        <CredentialFields control={form.control} emailAutoComplete="username webauthn" />
        <div className="flex justify-end">
          <Link to={paths.forgetPassword} className="link link-primary text-sm">
            <Trans>Forgot password?</Trans>
          </Link>
        </div>
        <FormError control={form.control} />
        {banned ? (
          <div role="alert" className="alert alert-error alert-soft mt-2 items-start text-sm">
            <ShieldX aria-hidden="true" className="size-5 shrink-0" />
            <div className="min-w-0 break-words">
              <p className="whitespace-pre-line">{banned}</p>
              <p className="mt-1">
                <Trans>The email about this decision has a link to appeal it.</Trans>
              </p>
            </div>
          </div>
        ) : null}
        <SubmitButton pending={loginMutation.isPending} className="mt-3 w-full">
          <Trans>Login</Trans>
        </SubmitButton>
        <div className="divider my-1 text-xs text-base-content/60">
          <Trans>or</Trans>
        </div>
        <button
          type="button"
          className="btn btn-outline w-full"
          onClick={signInWithPasskey}
          disabled={passkeyLogin.isPending}
        >
          {passkeyLogin.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <KeyRound aria-hidden="true" className="size-4" />
          )}
          <Trans>Sign in with a passkey</Trans>
        </button>
      </form>
      <p className="text-center text-sm">
        <Trans>
          New to Kindred?{" "}
          <Link to={paths.signup} className="link link-primary">
            Sign up
          </Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
