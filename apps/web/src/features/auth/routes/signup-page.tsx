import { MESSAGES, MIN_SKILLS } from "@kindred/shared";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { NameFields, SocialLinkFields } from "../../../components/ui/person-fields.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { TagInput, useMinTagsToast } from "../../../components/ui/tag-input.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { paths } from "../../../config/paths.ts";
import { errorMessageOf, fieldErrorsOf } from "../../../lib/api-client.ts";
import { useSignup } from "../api/signup.ts";
import { AuthShell } from "../components/auth-shell.tsx";

const EMPTY_FORM = {
  firstName: "",
  lastName: "",
  emailId: "",
  password: "",
  instagramLink: "",
  otherLink: "",
};

export function SignupPage() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const showMinTags = useMinTagsToast();
  const signupMutation = useSignup();
  const [form, setForm] = useState(EMPTY_FORM);
  const [skills, setSkills] = useState<string[]>([]);

  function update(field: keyof typeof EMPTY_FORM) {
    return (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: event.target.value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.emailId.trim() || !form.password) {
      showToast(MESSAGES.enterAllDetails, { variant: "error" });
      return;
    }
    if (skills.length < MIN_SKILLS) {
      showMinTags();
      return;
    }
    signupMutation.mutate(
      {
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        emailId: form.emailId.trim(),
        password: form.password,
        skills,
        playerId: null,
        instagramLink: form.instagramLink.trim(),
        otherLink: form.otherLink.trim(),
      },
      { onSuccess: () => navigate(paths.profile) },
    );
  }

  const fieldErrors = fieldErrorsOf(signupMutation.error);

  return (
    <AuthShell title="Join Kindred" subtitle="Tell us a little about you and what you are into.">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-1">
        <div className="grid gap-x-3 sm:grid-cols-2">
          <NameFields values={form} onChange={update} errors={fieldErrors} />
        </div>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={form.emailId}
          onChange={update("emailId")}
          error={fieldErrors.emailId}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={form.password}
          onChange={update("password")}
          error={fieldErrors.password}
        />
        <SocialLinkFields values={form} onChange={update} errors={fieldErrors} />
        <TagInput
          label="Skills and interests"
          tags={skills}
          onChange={setSkills}
          description="Press Enter or Tab to add each one; at least 3."
          error={fieldErrors.skills}
        />
        {signupMutation.isError ? (
          <p role="alert" className="alert alert-error alert-soft mt-2 text-sm">
            {errorMessageOf(signupMutation.error, MESSAGES.somethingWrong)}
          </p>
        ) : null}
        <SubmitButton pending={signupMutation.isPending} className="mt-3 w-full">
          Sign up
        </SubmitButton>
      </form>
      <p className="text-center text-sm">
        Already have an account?{" "}
        <Link to={paths.login} className="link link-primary">
          Log in
        </Link>
      </p>
    </AuthShell>
  );
}
