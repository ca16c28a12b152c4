import { MESSAGES } from "@kindred/shared";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { paths } from "../../../config/paths.ts";
import { errorMessageOf, fieldErrorsOf } from "../../../lib/api-client.ts";
import { useLogin } from "../api/login.ts";
import { AuthShell } from "../components/auth-shell.tsx";

export function LoginPage() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const loginMutation = useLogin();
  const [emailId, setEmailId] = useState("");
  const [password, setPassword] = useState("");

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!emailId.trim() || !password) {
      showToast(MESSAGES.enterAllDetails, { variant: "error" });
      return;
    }
    loginMutation.mutate(
      { emailId: emailId.trim(), password, playerId: null },
      { onSuccess: () => navigate(paths.landing) },
    );
  }

  const fieldErrors = fieldErrorsOf(loginMutation.error);

  return (
    <AuthShell title="Welcome back" subtitle="Log in to meet people who share your interests.">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-1">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={emailId}
          onChange={(event) => setEmailId(event.target.value)}
          error={fieldErrors.emailId}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        <div className="flex justify-end">
          <Link to={paths.forgetPassword} className="link link-primary text-sm">
            Forgot password?
          </Link>
        </div>
        {loginMutation.isError ? (
          <p role="alert" className="alert alert-error alert-soft mt-2 text-sm">
            {errorMessageOf(loginMutation.error, MESSAGES.somethingWrong)}
          </p>
        ) : null}
        <SubmitButton pending={loginMutation.isPending} className="mt-3 w-full">
          Login
        </SubmitButton>
      </form>
      <p className="text-center text-sm">
        New to Kindred?{" "}
        <Link to={paths.signup} className="link link-primary">
          Create an account
        </Link>
      </p>
    </AuthShell>
  );
}
