import { MESSAGES, MIN_SKILLS, signupBodySchema } from "@kindred/shared";
import type { FormEvent } from "react";
import { Controller } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { FormError, InputField } from "@/components/ui/field.tsx";
import { NameFields, SocialLinkFields } from "@/components/ui/person-fields.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { TagInput, useMinTagsToast } from "@/components/ui/tag-input.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { paths } from "@/config/paths.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useSignup } from "../api/signup.ts";
import { AuthShell } from "../components/auth-shell.tsx";

export function SignupPage() {
  const navigate = useNavigate();
  const showMinTags = useMinTagsToast();
  const signupMutation = useSignup();
  const form = useZodForm(signupBodySchema, {
    defaultValues: {
      firstName: "",
      lastName: "",
      emailId: "",
      password: "",
      skills: [],
      playerId: null,
      instagramLink: "",
      otherLink: "",
    },
  });

  const submit = form.handleSubmit(
    (body) =>
      signupMutation.mutate(body, {
        onSuccess: () => navigate(paths.profile),
        onError: (error) => showServerError(form, error, MESSAGES.somethingWrong),
      }),
    (errors) => {
      // Spec section 5: too few tags is a toast (then the hint), not a line under the field.
      if (errors.skills && form.getValues("skills").length < MIN_SKILLS) showMinTags();
    },
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const { emailId, password } = form.getValues();
    if (!emailId.trim() || !password) {
      event.preventDefault();
      showToast(MESSAGES.enterAllDetails, { variant: "error" });
      return;
    }
    void submit(event);
  }

  return (
    <AuthShell title="Join Kindred" subtitle="Tell us a little about you and what you are into.">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-1">
        <div className="grid gap-x-3 sm:grid-cols-2">
          <NameFields control={form.control} />
        </div>
        <InputField
          control={form.control}
          name="emailId"
          label="Email"
          type="email"
          autoComplete="email"
        />
        <InputField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <SocialLinkFields control={form.control} />
        <Controller
          control={form.control}
          name="skills"
          render={({ field, fieldState }) => (
            <TagInput
              label="Skills and interests"
              tags={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              description="Press Enter or Tab to add each one; at least 3."
              error={field.value.length >= MIN_SKILLS ? fieldState.error?.message : undefined}
            />
          )}
        />
        <FormError control={form.control} />
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
