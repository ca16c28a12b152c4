import {
  ABOUT_MAX_LENGTH,
  GENDER_TOAST_MS,
  GENDERS,
  MESSAGES,
  type Me,
  MIN_SKILLS,
  type ProfileEditBody,
  profileEditBodySchema,
  SAVE_TOAST_MS,
} from "@kindred/shared";
import { Link2 } from "lucide-react";
import { useWatch } from "react-hook-form";
import { FormError, InputField, SelectField, TextareaField } from "@/components/ui/field.tsx";
import { NameFields, SocialLinkFields } from "@/components/ui/person-fields.tsx";
import { SkillsField } from "@/components/ui/skills-field.tsx";
import { SubmitButton } from "@/components/ui/submit-button.tsx";
import { useMinTagsToast } from "@/components/ui/tag-input.tsx";
import { showToast } from "@/components/ui/toast.tsx";
import { UserCard } from "@/components/ui/user-card.tsx";
import { changedValues, showServerError, useZodForm } from "@/lib/form.ts";
import { useMe } from "@/lib/get-me.ts";
import { useEditProfile } from "../api/edit-profile.ts";
import { useCopyProfileUrl } from "../api/generate-public-url.ts";

const GENDER_OPTIONS = GENDERS.map((gender) => ({ value: gender, label: gender }));

/** The server's generated avatar is not the user's own photo: the form starts empty for it. */
function ownPhotoUrl(photoUrl: string): string {
  return /^https?:\/\//i.test(photoUrl) ? photoUrl : "";
}

/** The form's values: everything as the person types it (age is free text, spec section 2). */
function toForm(me: Me) {
  return {
    firstName: me.firstName,
    lastName: me.lastName,
    photoUrl: ownPhotoUrl(me.photoUrl),
    age: me.age === null ? "" : String(me.age),
    gender: (me.gender ?? "") as ProfileEditBody["gender"],
    about: me.about,
    skills: me.skills,
    instagramLink: me.instagramLink ?? "",
    otherLink: me.otherLink ?? "",
  };
}

export function ProfilePage() {
  const { data: me } = useMe();
  // The router's guard renders this screen only once the user is known.
  if (!me) return null;
  return <ProfileEditor me={me} />;
}

function ProfileEditor({ me }: { me: Me }) {
  const showMinTags = useMinTagsToast();
  const copyProfileUrl = useCopyProfileUrl();
  const editMutation = useEditProfile();
  const form = useZodForm(profileEditBodySchema, { defaultValues: toForm(me) });
  const draft = useWatch({ control: form.control });
  // Read while rendering so react-hook-form keeps track of it (its form state is a proxy).
  const { dirtyFields } = form.formState;

  const submit = form.handleSubmit(
    (values) => {
      const changed = changedValues(values, dirtyFields);
      const onSaved = (saved: Me) => {
        form.reset(toForm(saved));
        showToast(MESSAGES.profileSaved, { variant: "success", durationMs: SAVE_TOAST_MS });
      };
      if (Object.keys(changed).length === 0) {
        onSaved(me);
        return;
      }
      editMutation.mutate(changed, {
        onSuccess: onSaved,
        onError: (error) => showServerError(form, error, MESSAGES.somethingWrong),
      });
    },
    (errors) => {
      // Spec section 5: these two rules answer with toasts, gender first.
      if (errors.gender) {
        showToast(MESSAGES.invalidGender, { variant: "error", durationMs: GENDER_TOAST_MS });
      } else if (errors.skills && (form.getValues("skills") ?? []).length < MIN_SKILLS) {
        showMinTags();
      }
    },
  );

  const preview = {
    _id: me._id,
    firstName: draft.firstName ?? "",
    lastName: draft.lastName,
    photoUrl: (typeof draft.photoUrl === "string" && draft.photoUrl.trim()) || me.photoUrl,
    age: draft.age === null || draft.age === undefined ? "" : String(draft.age),
    gender: draft.gender,
    about: draft.about,
    skills: draft.skills?.filter((skill): skill is string => typeof skill === "string") ?? [],
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Your profile</h1>
          <p className="text-base-content/70">This is what people see when they discover you.</p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => copyProfileUrl()}>
          <Link2 aria-hidden="true" className="size-4" />
          Copy Profile URL
        </button>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
        <form
          noValidate
          onSubmit={submit}
          aria-label="Edit profile"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body gap-1">
            <div className="grid gap-x-4 sm:grid-cols-2">
              <NameFields control={form.control} />
              <InputField control={form.control} name="age" label="Age" inputMode="numeric" />
              <SelectField
                control={form.control}
                name="gender"
                label="Gender"
                placeholder="Choose…"
                options={GENDER_OPTIONS}
                hideError
              />
            </div>
            <InputField
              control={form.control}
              name="photoUrl"
              label="Photo URL"
              type="url"
              placeholder="https://"
              hint="Leave empty to use a generated avatar."
            />
            <TextareaField
              control={form.control}
              name="about"
              label="About"
              rows={4}
              maxLength={ABOUT_MAX_LENGTH}
            />
            <SkillsField control={form.control} name="skills" />
            <div className="grid gap-x-4 sm:grid-cols-2">
              <SocialLinkFields control={form.control} />
            </div>
            <div className="mt-4 flex flex-col gap-3">
              <SubmitButton pending={editMutation.isPending} className="sm:w-40">
                Save
              </SubmitButton>
              <FormError control={form.control} className="mt-0" />
            </div>
          </div>
        </form>
        <aside
          aria-label="Live preview"
          className="flex flex-col items-center gap-3 lg:sticky lg:top-20"
        >
          <p className="text-sm font-semibold uppercase tracking-wide text-base-content/60">
            Live preview
          </p>
          <UserCard user={preview} className="mx-auto" />
        </aside>
      </div>
    </div>
  );
}
