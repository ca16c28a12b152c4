import { AGE_MESSAGES, type Me, MIN_SKILLS, signupFormSchema } from "@kindred/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { PhotoPicker } from "@/components/photo/photo-picker.tsx";
import { usePhotoDraft } from "@/components/photo/use-photo-draft.ts";
import { AuthShell } from "@/components/ui/auth-shell.tsx";
import {
  BotCheckField,
  type BotCheckHandle,
  botCheckPayload,
} from "@/components/ui/bot-check-field.tsx";
import { CheckboxField, FormError, InputField } from "@/components/ui/field.tsx";
import { HoneypotField } from "@/components/ui/honeypot-field.tsx";
import { PasswordStrengthMeter } from "@/components/ui/password-strength-meter.tsx";
import { NameFields, SocialLinkFields } from "@/components/ui/person-fields.tsx";
import { LearningField, SkillsField } from "@/components/ui/skills-field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { useMinTagsToast } from "@/components/ui/tag-input.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { MESSAGES, PHOTO_MESSAGES } from "@/config/copy.ts";
import { paths } from "@/config/paths.ts";
import { HINT_TOAST_MS } from "@/config/ui.ts";
import { errorMessageOf } from "@/lib/api-client.ts";
import { showServerError, useZodForm } from "@/lib/form.ts";
import { uploadPhoto } from "@/lib/profile-photo.ts";
import { queryKeys } from "@/lib/query-client.ts";
import { useSignup } from "../api/signup.ts";
import { CredentialFields } from "../components/credential-fields.tsx";
import { submitWhenFilled } from "../lib/submit-when-filled.ts";

export function SignupPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const showMinTags = useMinTagsToast();
  const signupMutation = useSignup();
  const queryClient = useQueryClient();
  const photoDraft = usePhotoDraft();
  const [uploading, setUploading] = useState(false);

  /**
   * The photo goes up once the account exists (its session cookie is set by then). A failed
   * upload keeps the account: the person is told, and can add the photo on their profile.
   */
  async function addPhoto() {
    const upload = photoDraft.upload;
    if (!upload) return;
    setUploading(true);
    try {
      const me = await uploadPhoto(upload);
      queryClient.setQueryData<Me>(queryKeys.me, me);
    } catch (error) {
      const reason = errorMessageOf(error, PHOTO_MESSAGES.saveFailed);
      showToast(PHOTO_MESSAGES.signupPhotoFailed(reason), {
        variant: "error",
        durationMs: HINT_TOAST_MS,
      });
    } finally {
      setUploading(false);
    }
  }
  const form = useZodForm(signupFormSchema, {
    defaultValues: {
      firstName: "",
      lastName: "",
      emailId: "",
      password: "",
      age: "",
      skills: [],
      learning: [],
      playerId: null,
      instagramLink: "",
      otherLink: "",
      termsAccepted: false,
      altcha: "",
      website: "",
    },
  });
  const botCheck = useRef<BotCheckHandle>(null);
  const [firstName, lastName, emailId, password] = useWatch({
    control: form.control,
    name: ["firstName", "lastName", "emailId", "password"],
  });

  const submit = form.handleSubmit(
    async ({ learning, ...body }) =>
      signupMutation.mutate(
        {
          ...body,
          // Optional: sent only when the person named something to learn.
          ...(learning?.length ? { learning } : {}),
          altcha: await botCheckPayload(botCheck, body.altcha),
        },
        {
          onSuccess: async () => {
            await addPhoto();
            navigate(paths.profile);
          },
          onError: (error) => {
            // A solution is good for one try: the widget solves a fresh one.
            botCheck.current?.reset();
            showServerError(form, error, MESSAGES.somethingWrong);
          },
        },
      ),
    (errors) => {
      // Spec section 5: too few tags is a toast (then the hint), not a line under the field.
      if (errors.skills && form.getValues("skills").length < MIN_SKILLS) showMinTags();
    },
  );

  const handleSubmit = submitWhenFilled(() => form.getValues(), submit);

  return (
    <AuthShell
      title={t`Join Kindred`}
      subtitle={t`Tell us a little about you and what you are into.`}
    >
      <form noValidate onSubmit={handleSubmit} className="relative flex flex-col gap-1">
        <div className="grid gap-x-3 sm:grid-cols-2">
          <NameFields control={form.control} />
        </div>
        <CredentialFields control={form.control} newPassword />
        <PasswordStrengthMeter
          password={password}
          firstName={firstName}
          lastName={lastName}
          email={emailId}
        />
        <InputField
          control={form.control}
          name="age"
          label={t`Age (optional)`}
          inputMode="numeric"
          autoComplete="off"
          hint={AGE_MESSAGES.addAgeHint}
        />
        <SocialLinkFields control={form.control} />
        <SkillsField control={form.control} name="skills" />
        <LearningField control={form.control} name="learning" />
        <PhotoPicker
          draft={photoDraft}
          hint={PHOTO_MESSAGES.signupHint}
          showPreview
          className="mt-2"
        />
        <CheckboxField control={form.control} name="termsAccepted">
          <Trans>
            I am 13 or over and accept the{" "}
            <Link to={paths.terms} className="link link-primary" target="_blank" rel="noopener">
              Terms
            </Link>
          </Trans>
        </CheckboxField>
        <HoneypotField registration={form.register("website")} />
        <BotCheckField ref={botCheck} control={form.control} name="altcha" />
        <FormError control={form.control} />
        <SubmitButton pending={signupMutation.isPending || uploading} className="mt-3 w-full">
          <Trans>Sign up</Trans>
        </SubmitButton>
      </form>
      <p className="text-center text-sm">
        <Trans>
          Already have an account?{" "}
          <Link to={paths.login} className="link link-primary">
            Login
          </Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
