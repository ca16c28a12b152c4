import { MESSAGES, MIN_SKILLS, signupBodySchema } from "@kindred/shared";
import { Link, useNavigate } from "react-router";
import { FormError } from "@/components/ui/field.tsx";
import { NameFields, SocialLinkFields } from "@/components/ui/person-fields.tsx";
import { SkillsField } from "@/components/ui/skills-field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { useMinTagsToast } from "@/components/ui/tag-input.tsx";
import { paths } from "@/config/paths.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { useSignup } from "../api/signup.ts";
import { AuthShell } from "../components/auth-shell.tsx";
import { CredentialFields } from "../components/credential-fields.tsx";
import { submitWhenFilled } from "../lib/submit-when-filled.ts";

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

  const handleSubmit = submitWhenFilled(() => form.getValues(), submit);

  return (
    <AuthShell title="Join Kindred" subtitle="Tell us a little about you and what you are into.">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-1">
        <div className="grid gap-x-3 sm:grid-cols-2">
          <NameFields control={form.control} />
        </div>
        <CredentialFields control={form.control} newPassword />
        <SocialLinkFields control={form.control} />
        <SkillsField control={form.control} name="skills" />
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
