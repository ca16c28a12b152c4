import { loginBodySchema } from "@kindred/shared";
import { ShieldX } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthShell } from "@/components/ui/auth-shell.tsx";
import { FormError } from "@/components/ui/field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { MESSAGES } from "@/config/copy.ts";
import { paths, RETURN_TO_PARAM, safeReturnTo } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { SERVER_ERROR, showServerError, useZodForm } from "@/lib/form.ts";
import { isTwoStepPending, useLogin } from "../api/login.ts";
import { CredentialFields } from "../components/credential-fields.tsx";
import { TwoStepForm } from "../components/two-step-form.tsx";
import { submitWhenFilled } from "../lib/submit-when-filled.ts";

export function LoginPage() {
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

  if (secondStep) {
    return (
      <AuthShell title="Two-step code" subtitle="One more step to keep your account yours.">
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
    <AuthShell title="Welcome back" subtitle="Log in to meet people who share your interests.">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-1">
        <CredentialFields control={form.control} />
        <div className="flex justify-end">
          <Link to={paths.forgetPassword} className="link link-primary text-sm">
            Forgot password?
          </Link>
        </div>
        <FormError control={form.control} />
        {banned ? (
          <div role="alert" className="alert alert-error alert-soft mt-2 items-start text-sm">
            <ShieldX aria-hidden="true" className="size-5 shrink-0" />
            <div className="min-w-0 break-words">
              <p className="whitespace-pre-line">{banned}</p>
              <p className="mt-1">The email about this decision has a link to appeal it.</p>
            </div>
          </div>
        ) : null}
        <SubmitButton pending={loginMutation.isPending} className="mt-3 w-full">
          Login
        </SubmitButton>
      </form>
      <p className="text-center text-sm">
        New to Kindred?{" "}
        <Link to={paths.signup} className="link link-primary">
          Sign up
        </Link>
      </p>
    </AuthShell>
  );
}
